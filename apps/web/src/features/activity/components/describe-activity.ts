import type { ActivityAction, ActivitySnapshot } from '@apex/contract';

import { formatCents } from '@/lib/format';

import type { Activity } from '../api/get-activity';

const actionLabels: Record<ActivityAction, string> = {
  'part.add': 'Added a part',
  'part.edit': 'Edited a part',
  'part.restock': 'Restocked a part',
  'part.archive': 'Took a part off sale',
  'picture.upload': 'Uploaded a picture',
  'part.fitment': 'Set the vehicles a part fits',
  'vehicle.add': 'Added a vehicle',
  'vehicle.edit': 'Edited a vehicle',
  'vehicle.delete': 'Deleted a vehicle',
  'order.ship': 'Shipped an order',
  'order.delete': 'Deleted an unpaid order',
  'user.make-admin': 'Made an account admin',
  'user.request-reset': 'Asked for a password reset link',
  'mail.list': 'Read the Outbox',
  'mail.read': 'Read a mail in the Outbox',
};

/** What was done, in words. */
export function describeAction(action: ActivityAction): string {
  return actionLabels[action];
}

const fieldLabels: Record<string, string> = {
  name: 'Name',
  image: 'Picture',
  description: 'Description',
  priceCents: 'Price',
  stock: 'Stock',
  minOrder: 'Minimum order',
  onSale: 'On sale',
  status: 'State',
  partName: 'Part',
  quantity: 'Quantity',
  totalCents: 'Total',
  customer: 'Customer',
  email: 'Email',
  role: 'Role',
  recipient: 'To',
  subject: 'Subject',
  mails: 'Mails shown',
  make: 'Make',
  model: 'Model',
  generation: 'Generation',
  yearFrom: 'First year',
  yearTo: 'Last year',
  trim: 'Trim',
  engine: 'Engine',
  universal: 'Fits every vehicle',
  vehicles: 'Fits',
};

const LONGEST_TEXT = 80;

/** One field's value as a person reads it: money in dollars, yes/no, long text cut short. */
function formatValue(field: string, value: ActivitySnapshot[string] | undefined): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    return field.endsWith('Cents') ? formatCents(value) : value.toLocaleString('en-US');
  }
  if (value === '') return '(empty)';
  return value.length > LONGEST_TEXT ? `${value.slice(0, LONGEST_TEXT - 1)}…` : value;
}

export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * The fields an action changed, before → after. An action that created a thing shows what it
 * was created with (no before); one that removed a thing, what it was (no after).
 */
export function describeChanges({ before, after }: Activity): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !before || !after || before[field] !== after[field])
    .map((field) => ({
      field,
      label: fieldLabels[field] ?? field,
      before: before ? formatValue(field, before[field]) : null,
      after: after ? formatValue(field, after[field]) : null,
    }));
}

/** Which thing it was done to, as admins know it: a part's name, an order's lines, an email. */
export function describeSubject({ subject, before, after }: Activity): string {
  const known = after ?? before ?? {};
  const text = (field: string) => {
    const value = known[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
  switch (subject.type) {
    case 'part':
      return text('name') ?? 'A part';
    case 'order': {
      const part = text('partName');
      const quantity = text('quantity');
      const customer = text('customer');
      if (!part || !quantity) return 'An order';
      return customer ? `${quantity} × ${part}, for ${customer}` : `${quantity} × ${part}`;
    }
    case 'user':
      return text('email') ?? 'An account';
    case 'picture':
      return subject.id.split('/').at(-1) ?? subject.id;
    case 'mail':
      return text('subject') ?? 'The Outbox';
    case 'vehicle':
      return text('name') ?? 'A vehicle';
  }
}
