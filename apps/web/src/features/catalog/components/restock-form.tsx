import { useId } from 'react';

import { MAX_STOCK, PartRestockSchema } from '@apex/contract';

import { SubmitButton } from '@/components/submit-button';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import type { Part } from '@/lib/shop';
import { useContractForm } from '@/lib/use-contract-form';

interface RestockFormProps {
  part: Part;
  /** Adds the units; resolves with the part as it is after, rejects with the server's message. */
  onRestock: (units: number) => Promise<Part>;
}

/**
 * "Add N units" to one part. The units go onto the stock as it is when they arrive, so orders
 * placed meanwhile keep what they took.
 */
export function RestockForm({ part, onRestock }: RestockFormProps) {
  const id = useId();
  const form = useContractForm(PartRestockSchema);
  const { isSubmitting } = form.formState;
  const { registration, error } = form.field('units', { valueAsNumber: true });
  const onSubmit = form.handleSubmit(async ({ units }) => {
    try {
      const restocked = await onRestock(units);
      form.reset();
      void notify(
        'success',
        `${part.name}: ${units} ${units === 1 ? 'unit' : 'units'} added, ${restocked.stock} in stock`,
      );
    } catch (failure) {
      form.setError('units', {
        message: errorMessage(failure, 'The units were not added'),
      });
    }
  });
  return (
    <form noValidate className="flex items-start gap-2" onSubmit={(e) => void onSubmit(e)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-units`} className="sr-only">
          Units to add to {part.name}
        </label>
        <input
          id={`${id}-units`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_STOCK}
          step={1}
          placeholder="Units"
          className="input input-sm w-24"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        {error && (
          <p id={`${id}-error`} className="max-w-48 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <SubmitButton
        className="btn btn-sm btn-outline"
        aria-label={`Restock ${part.name}`}
        busy={isSubmitting}
      >
        Restock
      </SubmitButton>
    </form>
  );
}
