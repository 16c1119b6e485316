import { type BaseSyntheticEvent, useMemo, useRef } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  useForm,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

import { ApiError, errorMessage } from './api';

/**
 * A form's schema from the contract, or a function that imports it. The import keeps zod (some
 * 40 KB) out of a page's first load: the login and sign-up pages show without waiting for it, and
 * the schema arrives when the form is first checked. Give a constant (a schema, or a loader made
 * once at module level, or a schema made once per part): a new one each render is loaded again.
 */
type SchemaSource<Input, Output> =
  z.ZodType<Output, Input> | (() => Promise<z.ZodType<Output, Input>>);

const isLoader = <Input, Output>(
  source: SchemaSource<Input, Output>,
): source is () => Promise<z.ZodType<Output, Input>> => typeof source === 'function';

/**
 * The resolver checks with the schema the server checks the payload with. It imports the zod
 * resolver (and the schema, when given a loader) at the first check, so a page that only shows a
 * form carries neither.
 */
function contractResolver<Input extends FieldValues, Output>(
  source: SchemaSource<Input, Output>,
): Resolver<Input, unknown, Output> {
  type Checker = Resolver<Input, unknown, Output>;
  let loading: Promise<Checker> | undefined;
  const load = () =>
    Promise.all([isLoader(source) ? source() : source, import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]): Checker => zodResolver<Input, unknown, Output>(schema),
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

/** One field's binding and its message, as `TextField` and `TextAreaField` take them. */
export interface ContractField {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

export type ContractForm<Input extends FieldValues, Output> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  /**
   * Registers a field and reads its message: the contract's words for what is wrong with it. Call
   * it where the field renders: fields register in that order, and a failed submit focuses the
   * first of them in the way.
   */
  field: (name: FieldPath<Input>, options?: RegisterOptions<Input>) => ContractField;
  /**
   * The form's submit handler: checks the fields, then sends once at a time (a second press
   * before the first is done does nothing, so a double click orders or charges once). What
   * `send` throws shows where it belongs: a refusal the server makes of one of the form's fields
   * (a rule only it checks, such as a too common password) under that field, focused; anything
   * else as `failure`, in the shop's words or the fallback.
   */
  submit: (
    send: (values: Output) => Promise<void>,
    fallback: string,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Why the last submit failed, for the message under the form; set it with `setError('root')`. */
  failure: string | undefined;
};

/**
 * The one way to write a form: react-hook-form checked by the contract's schema, so every invalid
 * field shows the contract's message, read out with the field (see `components/form-field.tsx`),
 * and a failed submit focuses the first invalid field.
 */
export function useContractForm<Input extends FieldValues, Output>(
  source: SchemaSource<Input, Output>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): ContractForm<Input, Output> {
  const resolver = useMemo(() => contractResolver(source), [source]);
  const form = useForm<Input, unknown, Output>({ ...options, resolver });
  type Name = FieldPath<Input>;
  const sending = useRef(false);

  const field = (name: Name, registerOptions?: RegisterOptions<Input>) => ({
    registration: form.register(name, registerOptions),
    error: form.getFieldState(name, form.formState).error?.message,
  });

  const showFieldRefusals = (failure: unknown) => {
    const refusals = failure instanceof ApiError ? (failure.body?.fields ?? []) : [];
    // The form's values are keyed by its fields, so each key found here names one of them.
    const known = Object.keys(form.getValues());
    const shown = refusals.filter(({ field: path, message }) => {
      const name = known.find((candidate) => path === `body.${candidate}`);
      if (name) form.setError(name as Name, { message }, { shouldFocus: true });
      return name !== undefined;
    });
    return shown.length > 0;
  };

  const submit =
    (send: (values: Output) => Promise<void>, fallback: string) =>
    async (event?: BaseSyntheticEvent) => {
      if (sending.current) {
        event?.preventDefault();
        return;
      }
      sending.current = true;
      try {
        await form.handleSubmit(async (values) => {
          try {
            await send(values);
          } catch (error) {
            if (!showFieldRefusals(error)) {
              form.setError('root', { message: errorMessage(error, fallback) });
            }
          }
        })(event);
      } finally {
        sending.current = false;
      }
    };

  return { ...form, field, submit, failure: form.formState.errors.root?.message };
}
