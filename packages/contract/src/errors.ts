import { z } from 'zod';

/** The one shape of every error answer. `fields` names what failed validation on a 400. */
export const ApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    /** A machine-readable reason, where the identity endpoints give one (`INVALID_TOKEN`). */
    code: z.string().optional(),
    /** The cart line a checkout was refused for (`POST /cart/checkout`). */
    partId: z.string().optional(),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiErrorSchema>;
