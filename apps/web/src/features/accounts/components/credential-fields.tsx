import type { UseFormRegisterReturn } from 'react-hook-form';

import { TextField } from '@/components/form-field';

interface Field {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * The e-mail and password fields Login and Sign Up share. `password` says which kind the browser
 * should offer: the saved one to sign in, a new one (and a suggestion) to sign up.
 */
export function CredentialFields({
  idPrefix,
  password,
  fields,
}: {
  idPrefix: string;
  password: 'current' | 'new';
  fields: Record<'email' | 'password', Field>;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        error={fields.email.error}
        registration={fields.email.registration}
      />
      <TextField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete={`${password}-password`}
        error={fields.password.error}
        registration={fields.password.registration}
      />
    </>
  );
}
