import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import {
  isPartImage,
  NewPartSchema,
  PART_IMAGE_MAX_BYTES,
  PART_IMAGE_TYPES,
  type PartFields,
  PartUpdateSchema,
} from '@apex/contract';

import { TextAreaField, TextField } from '@/components/form-field';

import { useUploadPartImage } from '../api/manage-parts';

/** What the browser can tell about a chosen file before sending it; the server checks its bytes. */
function problemWithPicture(file: File): string | null {
  if (!(PART_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'The picture must be a PNG, JPEG or WebP image';
  }
  if (file.size > PART_IMAGE_MAX_BYTES) return 'The picture must be 2 MB or smaller';
  return null;
}

interface PartFormProps {
  /** `new`: Add A Product (stock must cover one minimum order); `edit`: may stay sold out. */
  mode: 'new' | 'edit';
  defaultValues?: PartFields;
  submitLabel: string;
  /** Saves the part; resolves once saved, rejects with the server's message. */
  onSave: (part: PartFields) => Promise<void>;
}

/** A part's fields, as Add A Product and the edit page show them. */
export function PartForm({ mode, defaultValues, submitLabel, onSave }: PartFormProps) {
  const id = useId();
  const upload = useUploadPartImage();
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const form = useForm<PartFields>({
    resolver: zodResolver(mode === 'new' ? NewPartSchema : PartUpdateSchema),
    ...(defaultValues ? { defaultValues } : { defaultValues: { description: '', image: '' } }),
  });
  const { errors, isSubmitting } = form.formState;
  const image = useWatch({ control: form.control, name: 'image' });

  const choosePicture = async (file: File | undefined) => {
    setPictureProblem(null);
    if (!file) return;
    const problem = problemWithPicture(file);
    if (problem) {
      setPictureProblem(problem);
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      form.setValue('image', uploaded.image, { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      setPictureProblem(error instanceof Error ? error.message : 'The picture was not uploaded');
    }
  };

  const onSubmit = form.handleSubmit(async (part) => {
    try {
      await onSave(part);
      if (mode === 'new') form.reset();
    } catch (error) {
      form.setError('root', {
        message: error instanceof Error ? error.message : 'The part was not saved',
      });
    }
  });

  const number = { valueAsNumber: true } as const;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
      <TextField
        id={`${id}-name`}
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={`${id}-price`}
          label="Price ($)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          error={errors.price?.message}
          registration={form.register('price', number)}
        />
        <TextField
          id={`${id}-minorder`}
          label="Minimum order"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.minorder?.message}
          registration={form.register('minorder', number)}
        />
        <TextField
          id={`${id}-quantity`}
          label="Quantity in stock"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.quantity?.message}
          registration={form.register('quantity', number)}
        />
      </div>
      <TextField
        id={`${id}-image`}
        label="Image URL"
        type="text"
        inputMode="url"
        autoComplete="off"
        hint="An http or https address, or upload a picture below"
        error={errors.image?.message}
        registration={form.register('image')}
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
      {isPartImage(image) && (
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
        error={errors.description?.message}
        registration={form.register('description')}
      />
      <p role="alert" className="min-h-5 text-sm text-red-700">
        {errors.root?.message}
      </p>
      <button
        type="submit"
        className="btn self-start btn-primary"
        disabled={isSubmitting || upload.isPending}
      >
        {submitLabel}
      </button>
    </form>
  );
}
