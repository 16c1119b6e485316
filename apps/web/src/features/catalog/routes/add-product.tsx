import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useManageParts } from '../api/manage-parts';
import { NewPartForm } from '../components/part-form';

/** Add A Product (admins): a new part goes on sale at once. */
export default function AddProductPage() {
  useDocumentTitle('Add A Product');
  const { add } = useManageParts();
  return (
    <section aria-labelledby="add-product-heading" className="flex max-w-2xl flex-col gap-6">
      <h1 id="add-product-heading" className="text-3xl font-bold">
        Add A Product
      </h1>
      <NewPartForm
        submitLabel="Add Product"
        onSave={async (part) => {
          await add.mutateAsync(part);
          void notify('success', 'Product added');
        }}
      />
    </section>
  );
}
