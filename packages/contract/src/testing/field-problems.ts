import { z } from 'zod';

/** The messages a form shows under each refused field of a parse: none for a success. */
export const problems = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : z.flattenError(result.error).fieldErrors;
