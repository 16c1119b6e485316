import { Link } from 'react-router';

import { usePartFitment } from '../api/part-fitment';
import { vehicleYears } from '../fits';
import { usePageVehicle } from '../use-page-vehicle';
import { FitNote } from './fit-note';

/**
 * The part page's fitment: whether the part fits the customer's vehicle, and every vehicle it
 * fits (or that it fits all).
 */
export function PartFitmentSection({ partId }: { partId: string }) {
  const vehicle = usePageVehicle();
  const fitment = usePartFitment(partId);
  return (
    <section aria-labelledby="fitment-heading" className="card bg-base-100 shadow-md">
      <div className="card-body gap-4">
        <h2 id="fitment-heading" className="card-title text-xl">
          Fitment
        </h2>
        <FitNote
          partId={partId}
          vehicle={vehicle}
          chooseVehicle={
            <Link to="/garage" className="link link-primary">
              Choose your vehicle
            </Link>
          }
        />
        {fitment.data?.universal && <p>Fits every vehicle: a universal part.</p>}
        {fitment.data && !fitment.data.universal && fitment.data.vehicles.length === 0 && (
          <p>The shop has not listed the vehicles this part fits yet: ask us before you order.</p>
        )}
        {fitment.data && fitment.data.vehicles.length > 0 && (
          <div>
            <h3 className="mb-2 font-semibold">Fits these vehicles</h3>
            <ul className="list-inside list-disc space-y-1">
              {fitment.data.vehicles.map((v) => (
                <li key={v._id}>
                  {vehicleYears(v)}
                  {v.engine && <span className="text-base-content/80"> · {v.engine}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
