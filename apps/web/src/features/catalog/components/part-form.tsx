import { type ReactNode, type SyntheticEvent, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';

import {
  centsToDollars,
  isPartImage,
  PART_IMAGE_MAX_BYTES,
  PART_IMAGE_TYPES,
} from '@apex/contract';
import {
  type EditPartForm as EditPartValues,
  EditPartFormSchema,
  type NewPartForm as NewPartValues,
  NewPartFormSchema,
} from '@apex/contract/forms';

import { NumberField, TextAreaField, TextField } from '@/components/form-field';
import { ShopForm } from '@/components/shop-form';
import { errorMessage } from '@/lib/api';
import type { Part } from '@/lib/shop';
import { type ContractField, useContractForm } from '@/lib/use-contract-form';

import { useUploadPartImage } from '../api/manage-parts';

/** What the browser can tell about a chosen file before sending it; the server checks its bytes. */
function problemWithPicture(file: File): string | null {
  if (!(PART_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'The picture must be a PNG, JPEG or WebP image';
  }
  if (file.size > PART_IMAGE_MAX_BYTES) return 'The picture must be 2 MB or smaller';
  return null;
}

const NOT_SAVED = 'The part was not saved';

/** The picture's address is typed (the phone's keyboard for addresses), never filled in. */
const IMAGE_ADDRESS = { inputMode: 'url', autoComplete: 'off' } as const;

type Detail = 'name' | 'price' | 'minOrder' | 'image' | 'description';

/** What the frame drives of either part form (both have these fields). */
interface PartFormBinding {
  field: (name: Detail, options?: { valueAsNumber: true }) => ContractField;
  setValue: (name: 'image', value: string, options: { shouldValidate: true }) => void;
  failure: string | undefined;
  formState: { isSubmitting: boolean };
}

interface PartFormFrameProps {
  form: PartFormBinding;
  /** The image field's value as typed, for the preview. */
  image: string | undefined;
  /**
   * Add A Product's stock field, beside the price and the minimum order. Rendered in its place,
   * so it registers in the form's order and a failed submit focuses the first field in the way.
   */
  stockField?: () => ReactNode;
  submitLabel: string;
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>;
}

/** The fields every part has, the picture upload, the form's message and its button. */
function PartFormFrame({ form, image, stockField, submitLabel, onSubmit }: PartFormFrameProps) {
  const asNumber = { valueAsNumber: true } as const;
  const id = useId();
  const upload = useUploadPartImage();
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);

  const choosePicture = async (file: File | undefined) => {
    setPictureProblem(null);
    if (!file) return;
    const problem = problemWithPicture(file);
    if (problem) {
      setPictureProblem(problem);
      return;
    }
    try {
      const { image: uploaded } = await upload.mutateAsync(file);
      form.setValue('image', uploaded, { shouldValidate: true });
    } catch (error) {
      setPictureProblem(errorMessage(error, 'The picture was not uploaded'));
    }
  };

  return (
    <ShopForm
      onSubmit={onSubmit}
      form={form}
      submitLabel={submitLabel}
      buttonClassName="btn self-start btn-primary"
      busy={upload.isPending}
    >
      <TextField id={`${id}-name`} label="Name" autoComplete="off" {...form.field('name')} />
      <div className={`grid gap-3 ${stockField ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <NumberField
          id={`${id}-price`}
          label="Price ($)"
          range={{ min: 0.01, step: 0.01 }}
          field={form.field('price', asNumber)}
        />
        <NumberField
          id={`${id}-min-order`}
          label="Minimum order"
          range={{ min: 1 }}
          field={form.field('minOrder', asNumber)}
        />
        {stockField?.()}
      </div>
      <TextField
        id={`${id}-image`}
        label="Image URL"
        hint="An http or https address, or upload a picture below"
        {...IMAGE_ADDRESS}
        {...form.field('image')}
      />
      <TextField
        id={`${id}-picture`}
        label="Or upload a picture"
        type="file"
        accept={PART_IMAGE_TYPES.join(',')}
        className="file-input w-full"
        hint="PNG, JPEG or WebP, up to 2 MB"
        error={pictureProblem ?? undefined}
        disabled={upload.isPending}
        onChange={(e) => void choosePicture(e.target.files?.[0])}
      />
      <p aria-live="polite" className="text-sm">
        {upload.isPending ? 'Uploading the picture…' : ''}
      </p>
      {image !== undefined && isPartImage(image) && (
        <img
          src={image}
          alt="The part's picture"
          width={200}
          height={150}
          className="aspect-[4/3] w-48 rounded-box bg-neutral object-cover"
        />
      )}
      <TextAreaField
        id={`${id}-description`}
        label="Description"
        rows={4}
        {...form.field('description')}
      />
    </ShopForm>
  );
}

/** Add A Product's form: a part's details and its first stock. */
export function NewPartForm({
  submitLabel,
  onSave,
}: {
  submitLabel: string;
  /** Saves the part; resolves once saved, rejects with the server's message. */
  onSave: (part: NewPartValues) => Promise<void>;
}) {
  const id = useId();
  const form = useContractForm(NewPartFormSchema, {
    defaultValues: { description: '', image: '' },
  });
  const saveThenEmpty = async (part: NewPartValues) => {
    await onSave(part);
    form.reset();
  };
  return (
    <PartFormFrame
      form={form}
      image={useWatch({ control: form.control, name: 'image' })}
      stockField={() => (
        <NumberField
          id={`${id}-stock`}
          label="Quantity in stock"
          range={{ min: 0 }}
          field={form.field('stock', { valueAsNumber: true })}
        />
      )}
      submitLabel={submitLabel}
      onSubmit={form.submit(saveThenEmpty, NOT_SAVED)}
    />
  );
}

/**
 * The edit form: a part's details as they were when it opened, saved with that version, so a
 * change made meanwhile is never overwritten. The stock is not here: restocking adds units.
 */
export function EditPartForm({
  part,
  submitLabel,
  onSave,
}: {
  part: Part;
  submitLabel: string;
  /** Saves the edit; resolves once saved, rejects with the server's message. */
  onSave: (values: EditPartValues) => Promise<void>;
}) {
  const { name, image, description, minOrder, version } = part;
  const price = centsToDollars(part.priceCents);
  const form = useContractForm(EditPartFormSchema, {
    defaultValues: { name, image, description, price, minOrder, version },
  });
  const shown = useWatch({ control: form.control, name: 'image' });
  return (
    <PartFormFrame
      form={form}
      image={shown}
      submitLabel={submitLabel}
      onSubmit={form.submit(onSave, NOT_SAVED)}
    />
  );
}
