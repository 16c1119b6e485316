import type { ContractField } from '@/lib/use-contract-form';

import { TextAreaField, TextField } from './form-field';

/**
 * Where an order goes: the phone and address fields of the order form and of the cart's checkout,
 * bound by the form that holds them (`form.field('phone')`, `form.field('address')`).
 */
export function DeliveryFields({
  id,
  phone,
  address,
}: {
  /** The form's own id, so that two forms on one page never share a field id. */
  id: string;
  phone: ContractField;
  address: ContractField;
}) {
  return (
    <>
      <TextField id={`${id}-phone`} label="Phone" type="tel" autoComplete="tel" {...phone} />
      <TextAreaField
        id={`${id}-address`}
        label="Address"
        autoComplete="street-address"
        {...address}
      />
    </>
  );
}
