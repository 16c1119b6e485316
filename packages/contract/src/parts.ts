import { z } from 'zod';

import { ApiErrorSchema } from './errors';
import { isWholeCents } from './money';

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
    version: z
      .number()
      .int()
      .positive()
      .describe(
        'Goes up by one with every change to the part, a sale included; an edit names the version it was made from',
      ),
  })
  .meta({ id: 'Part' });
export type Part = z.infer<typeof PartSchema>;

export const PartListSchema = z.array(PartSchema);

export const PartParamsSchema = z.object({
  id: z.string().max(64).describe('The part id from the catalogue'),
});

/** Pictures this shop serves itself: the demo catalog's, and uploads (named by their content). */
const SITE_PICTURE = /^\/(?:images|uploads)\/parts\/[a-z0-9-]{1,80}\.(?:svg|png|jpg|webp)$/;

const WebAddressSchema = z.url({ protocol: /^https?$/, hostname: /./ });

/** A part's picture: a web address (http or https), or a picture served by this shop. */
export function isPartImage(image: string): boolean {
  return SITE_PICTURE.test(image) || WebAddressSchema.safeParse(image).success;
}

/** The most units of one part the shop keeps: restocking stops there. */
export const MAX_STOCK = 1_000_000;
const MAX_PRICE = 999_999.99;

/** Whole numbers from form inputs: a message of our own for an empty or non-numeric field. */
const wholeNumber = (field: string) =>
  z
    .number({ message: `Enter the ${field} as a number` })
    .int(`The ${field} must be a whole number`);

/** A number of units (an order's minimum, the stock): whole, from `min` up to MAX_STOCK. */
const unitCount = (field: string, min: number, belowMin: string) =>
  wholeNumber(field)
    .min(min, belowMin)
    .max(MAX_STOCK, `The ${field} must be at most ${MAX_STOCK.toLocaleString('en-US')}`);

/**
 * Each field of a part's forms, written once: the wire's schemas below and the forms' own
 * (`forms.ts`, in the shop's words) are built from these, so a rule and its message live here only.
 */
export const partFields = {
  name: z
    // The type's message is also what a check without its own says: a blank name too.
    .string({ message: 'Name is required' })
    .trim()
    .min(1)
    .max(120, 'Name must be 120 characters or fewer'),
  minOrder: unitCount('minimum order', 1, 'The minimum order must be at least 1'),
  /** Dollars, as the admin types them and the API carries them. */
  price: z
    .number({ message: 'Enter the price as a number' })
    .min(0.01, 'The price must be at least 0.01')
    .max(MAX_PRICE, 'The price must be at most 999,999.99')
    .refine(isWholeCents, 'The price can have at most 2 decimals'),
  image: z
    .string({ message: 'Add an image' })
    .trim()
    .min(1, 'Add an image: a web address or an uploaded picture')
    .max(2048, 'The image address must be 2,048 characters or fewer')
    .refine(isPartImage, 'The image must be an http or https address, or an uploaded picture'),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(2000, 'Description must be 2,000 characters or fewer'),
  // The spec calls the stock `quantity`, and so do the messages admins have always read.
  stock: unitCount('quantity', 0, 'The quantity cannot be negative'),
  version: z
    .number({ message: 'The version of the part this edit was made from is required' })
    .int('The version must be a whole number')
    .positive('The version must be a whole number from 1'),
};

/** The stock a new part starts with must cover at least one order. */
export const STOCK_BELOW_MINIMUM_ORDER = 'The quantity must be at least the minimum order';

/** What describes a part, as Add A Product and the edit form send it: all but the stock. */
export const PartDetailsSchema = z.object({
  name: partFields.name,
  minorder: partFields.minOrder,
  price: partFields.price,
  image: partFields.image,
  description: partFields.description,
});
export type PartDetails = z.infer<typeof PartDetailsSchema>;

/** A part's details and its stock (`quantity`), as Add A Product sets them. */
export const PartFieldsSchema = PartDetailsSchema.extend({ quantity: partFields.stock });
export type PartFields = z.infer<typeof PartFieldsSchema>;

/** Add A Product: a new part must have stock for at least one order. */
export const NewPartSchema = PartFieldsSchema.refine((part) => part.quantity >= part.minorder, {
  path: ['quantity'],
  message: STOCK_BELOW_MINIMUM_ORDER,
});
export type NewPart = z.infer<typeof NewPartSchema>;

/**
 * An edited part: its details, and the version the edit form was opened with. The stock is not
 * among them: orders change it while the form is open, so an edit that carried it would put back
 * units already sold. Restocking adds units instead (`PartRestockSchema`).
 */
export const PartUpdateSchema = PartDetailsSchema.extend({ version: partFields.version });
export type PartUpdate = z.infer<typeof PartUpdateSchema>;

/** A restock: units added to whatever the stock is when it arrives. */
export const PartRestockSchema = z.object({
  units: wholeNumber('number of units')
    .min(1, 'Add at least 1 unit')
    .max(MAX_STOCK, 'At most 1,000,000 units can be added'),
});
export type PartRestock = z.infer<typeof PartRestockSchema>;

/** A refused edit: the part changed since the form was opened; `part` is how it is now. */
export const PartConflictSchema = ApiErrorSchema.extend({ part: PartSchema }).meta({
  id: 'PartConflict',
});
export type PartConflict = z.infer<typeof PartConflictSchema>;

export const AddedPartSchema = z.object({
  insertedId: z.string(),
  /** The spec's client reads success from `upsertedId`; it is the new part's id. */
  upsertedId: z.string(),
  part: PartSchema,
});

export const UpdatedPartSchema = z.object({ modifiedCount: z.number().int(), part: PartSchema });

/** Where an uploaded picture now lives; use it as a part's `image`. */
export const UploadedPartImageSchema = z.object({ image: z.string() });
