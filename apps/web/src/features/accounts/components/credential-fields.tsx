import { TextField } from '@/components/form-field';
import type { ContractField } from '@/lib/use-contract-form';

/** An account's e-mail address, as every account form asks for it. */
export function EmailField({ id, field }: { id: string; field: ContractField }) {
  return <TextField id={id} label="Email" type="email" autoComplete="email" {...field} />;
}

/**
 * A password field. `kind` says which the browser should offer: the saved one to sign in, a new
 * one (and a suggestion) to sign up or reset.
 */
export function PasswordField(props: {
  id: string;
  label?: string;
  kind: 'current' | 'new';
  field: ContractField;
}) {
  const { id, label = 'Password', kind, field } = props;
  return (
    <TextField id={id} label={label} type="password" autoComplete={`${kind}-password`} {...field} />
  );
}

/** The e-mail and password fields Login and Sign Up share. */
export function CredentialFields({
  idPrefix,
  password,
  fields,
}: {
  idPrefix: string;
  password: 'current' | 'new';
  fields: Record<'email' | 'password', ContractField>;
}) {
  return (
    <>
      <EmailField id={`${idPrefix}-email`} field={fields.email} />
      <PasswordField id={`${idPrefix}-password`} kind={password} field={fields.password} />
    </>
  );
}
