import { NewReviewSchema, RATING_MAX, RATING_MIN } from '@apex/contract';

import { NumberField, TextAreaField, TextField } from '@/components/form-field';
import { notifyOutcome } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useAddReview } from '../api/add-review';

const STARS = { min: RATING_MIN, max: RATING_MAX };
const STARS_HINT = `A whole number of stars from ${RATING_MIN} to ${RATING_MAX}`;

/** Add a Review (customers): a rating from 1 to 5 and a few words, under the account's name. */
export default function AddReviewPage() {
  useDocumentTitle('Add a Review');
  const { user } = useSession();
  const addReview = useAddReview();
  const form = useContractForm(NewReviewSchema, {
    // The rating is checked as it is typed: the spec disables submit until it is 1 to 5.
    mode: 'onChange',
    defaultValues: { description: '' },
  });
  const { isValid, isSubmitting } = form.formState;
  const rating = form.field('rating', { valueAsNumber: true });

  const onSubmit = form.handleSubmit(async (review) => {
    await notifyOutcome(() => addReview.mutateAsync(review), {
      done: 'Review added',
      failed: 'The review was not added',
      then: () => form.reset(),
    });
  });

  return (
    <section aria-labelledby="add-review-heading" className="flex max-w-xl flex-col gap-6">
      <h1 id="add-review-heading" className="text-3xl font-bold">
        Add a Review
      </h1>
      <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
        <TextField id="review-name" label="Name" value={user?.name ?? ''} readOnly />
        <TextField id="review-email" label="Email" value={user?.email ?? ''} readOnly />
        <NumberField
          id="review-rating"
          label="Rating"
          range={STARS}
          hint={STARS_HINT}
          field={rating}
        />
        <TextAreaField
          id="review-description"
          label="Description"
          rows={4}
          {...form.field('description')}
        />
        <button
          type="submit"
          className="btn self-start btn-primary"
          disabled={!isValid || isSubmitting}
        >
          Add Review
        </button>
      </form>
    </section>
  );
}
