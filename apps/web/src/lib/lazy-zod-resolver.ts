import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A form's zod resolver that loads its schema, and zod with it (some 40 KB), when the form is
 * first checked rather than with the page: the login and signup pages show without waiting for
 * it. The schema is still the one the server checks the payload with (@apex/contract).
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType<Values, Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const load = () =>
    Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        // Offline for a moment: the next check tries again.
        loading = undefined;
        throw error;
      },
    );
  return async (values, context, options) => {
    loading ??= load();
    return (await loading)(values, context, options);
  };
}
