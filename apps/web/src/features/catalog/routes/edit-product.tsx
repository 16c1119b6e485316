import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { QueryStatus } from '@/components/query-status';
import { notify } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

import { usePart } from '../api/get-part';
import { PartChangedError, useManageParts } from '../api/manage-parts';
import { EditPartForm } from '../components/part-form';

/** Edit a part's details (admins). Its stock moves with orders and restocks, not here. */
export default function EditProductPage() {
  useDocumentTitle('Edit Product');
  const { id = '' } = useParams();
  const part = usePart(id);
  const { update } = useManageParts();
  const navigate = useNavigate();
  // Counts the times the part changed under the open form: each starts the form again from the
  // part as it is now, which the refusal brought along.
  const [reloads, setReloads] = useState(0);
  return (
    <section aria-labelledby="edit-product-heading" className="flex max-w-2xl flex-col gap-6">
      <div>
        <Link to={dashboardPaths.manageProducts} className="link">
          Back to Manage Products
        </Link>
      </div>
      <h1 id="edit-product-heading" className="text-3xl font-bold">
        Edit {part.data?.name ?? 'Product'}
      </h1>
      <QueryStatus query={part} what="the part">
        {(current) => (
          <>
            <p>
              In stock: <strong>{current.stock}</strong>. Orders take from the stock while you edit;
              to add units, use Restock on{' '}
              <Link to={dashboardPaths.manageProducts} className="link">
                Manage Products
              </Link>
              .
            </p>
            {reloads > 0 && (
              // A new alert for each change, so it is announced again; its key differs from the
              // form's, as siblings' keys must.
              <div key={`changed-${reloads}`} role="alert" className="alert alert-warning">
                This part changed while you were editing it: an order, a restock or another
                admin&apos;s edit. The form now shows the part as it is now. Make your changes again
                and save.
              </div>
            )}
            <EditPartForm
              key={`form-${reloads}`}
              part={current}
              submitLabel="Save changes"
              onSave={async (fields) => {
                try {
                  await update.mutateAsync({ id: current.id, values: fields });
                } catch (error) {
                  if (!(error instanceof PartChangedError)) throw error;
                  setReloads((n) => n + 1);
                  return;
                }
                void notify('success', 'Product updated');
                void navigate(dashboardPaths.manageProducts);
              }}
            />
          </>
        )}
      </QueryStatus>
    </section>
  );
}
