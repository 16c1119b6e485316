import { Link } from 'react-router';

import { QueryTable } from '@/components/query-table';
import { formatCents } from '@/lib/format';
import { notifyOutcome } from '@/lib/notify';
import { dashboardPaths } from '@/lib/paths';
import type { Part } from '@/lib/shop';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useParts } from '../api/get-parts';
import { useManageParts } from '../api/manage-parts';
import { RestockForm } from '../components/restock-form';

/** Manage Products (admins): every part on sale, to restock, edit or take off sale. */
export default function ManageProductsPage() {
  useDocumentTitle('Manage Products');
  const parts = useParts();
  const { remove, restock } = useManageParts();

  const deletePart = async (part: Part) => {
    if (!window.confirm(`Delete ${part.name}? It leaves the catalogue; its orders are kept.`)) {
      return;
    }
    await notifyOutcome(() => remove.mutateAsync(part.id), {
      done: 'Yeah Parts Deleted',
      failed: 'The part was not deleted',
    });
  };

  return (
    <section aria-labelledby="manage-products-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="manage-products-heading" className="text-3xl font-bold">
          Manage Products
          {parts.data && (
            <span className="ml-3 text-base font-normal text-base-content/80">
              {parts.data.length} {parts.data.length === 1 ? 'part' : 'parts'}
            </span>
          )}
        </h1>
        <Link to={dashboardPaths.addProduct} className="btn btn-outline btn-sm">
          Add A Product
        </Link>
      </div>
      <QueryTable
        query={parts}
        what="the parts"
        empty={<p>No parts on sale.</p>}
        columns={[
          { label: 'Image', hidden: true },
          'Name',
          'Price',
          'Stock',
          'Minimum order',
          'Add units',
          { label: 'Actions', hidden: true },
        ]}
      >
        {(part) => (
          <tr key={part.id}>
            <td>
              <img
                src={part.image}
                alt=""
                width={64}
                height={48}
                loading="lazy"
                className="h-12 w-16 max-w-none rounded bg-neutral object-cover"
              />
            </td>
            <td className="min-w-28 font-medium wrap-anywhere">{part.name}</td>
            <td>{formatCents(part.priceCents)}</td>
            <td>{part.stock}</td>
            <td>{part.minOrder}</td>
            <td>
              <RestockForm
                part={part}
                onRestock={(units) => restock.mutateAsync({ id: part.id, units })}
              />
            </td>
            <td>
              <div className="flex gap-2">
                <Link
                  to={dashboardPaths.editProduct(part.id)}
                  className="btn btn-sm btn-outline"
                  aria-label={`Edit ${part.name}`}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Delete ${part.name}`}
                  disabled={remove.isPending}
                  onClick={() => void deletePart(part)}
                >
                  Delete
                </button>
              </div>
            </td>
          </tr>
        )}
      </QueryTable>
    </section>
  );
}
