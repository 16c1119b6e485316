import { useParams } from 'react-router';

import { usePart } from '@/features/catalog/api/get-part';
import { PartDetails } from '@/features/catalog/components/part-details';
import { OrderForm } from '@/features/orders/components/order-form';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /purchase/:id — who is buying, the part, and the order form (requirements §2). */
export default function PurchasePage() {
  useDocumentTitle('Purchase');
  const { id = '' } = useParams();
  const { user } = useSession();
  const part = usePart(id);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <section aria-label="Buyer" className="rounded-box bg-base-100 p-4 shadow-md">
        <p>
          Buying as <span className="font-semibold">{user?.name}</span>{' '}
          <span className="text-base-content/80">({user?.email})</span>
        </p>
      </section>
      <PartDetails id={id} />
      {part.data && <OrderForm part={part.data} />}
    </div>
  );
}
