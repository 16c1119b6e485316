import { z } from 'zod';

/** A part as the API shows it: the spec's field names; `price` in dollars, `quantity` is the stock. */
export const PartSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    image: z.string().describe('URL of the part picture, absolute or from this site'),
    description: z.string(),
    quantity: z
      .number()
      .int()
      .nonnegative()
      .describe('Units in stock: the most one order may take'),
    minorder: z.number().int().positive().describe('The fewest units one order may take'),
    price: z.number().positive().describe('Unit price in dollars'),
  })
  .meta({ id: 'Part' });
export type Part = z.infer<typeof PartSchema>;

export const PartListSchema = z.array(PartSchema);

export const PartParamsSchema = z.object({
  id: z.string().describe('The part id from the catalogue'),
});
export type PartParams = z.infer<typeof PartParamsSchema>;
