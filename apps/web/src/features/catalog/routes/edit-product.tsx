import { Link, useNavigate, useParams } from 'react-router';

import { QueryStatus } from '@/components/query-status';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

import { usePart } from '../api/get-part';
import { useManageParts } from '../api/manage-parts';
import { PartForm } from '../components/part-form';

/** Edit a part (admins): above all, restock it. */
export default function EditProductPage() {
  useDocumentTitle('Edit Product');
  const { id = '' } = useParams();
  const part = usePart(id);
  const { update } = useManageParts();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="edit-product-heading" className="flex max-w-2xl flex-col gap-6">
      <div>
        <Link to="/dashboard/manageproducts" className="link">
          Back to Manage Products
        </Link>
      </div>
      <h1 id="edit-product-heading" className="text-3xl font-bold">
        Edit {part.data?.name ?? 'Product'}
      </h1>
      <QueryStatus query={part} loading="Loading the part…" failed="The part could not be loaded.">
        {({ _id, name, image, description, price, minorder, quantity }) => (
          <PartForm
            mode="edit"
            defaultValues={{ name, image, description, price, minorder, quantity }}
            submitLabel="Save changes"
            onSave={async (fields) => {
              await update.mutateAsync({ id: _id, part: fields });
              void notify('success', 'Product updated');
              void navigate('/dashboard/manageproducts');
            }}
          />
        )}
      </QueryStatus>
    </section>
  );
}
