import { Link, useNavigate } from 'react-router';

import { GARAGE_MAX_VEHICLES } from '@apex/contract/quantity-rules';

import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';

import { VehiclePicker } from '../components/vehicle-picker';
import type { ChosenVehicle } from '../fits';
import { type GarageHolder, useGarage } from '../use-garage';

/** Where the catalogue shows the parts that fit a vehicle. */
const partsFor = (key: string) => `/?vehicle=${encodeURIComponent(key)}#parts`;

/**
 * /garage — My Garage: the customer's vehicles (up to five), the current one the shop is browsed
 * for, and the picker to add another. A visitor's garage stays in this browser; at sign-in it
 * joins the account's.
 */
export default function GaragePage() {
  useDocumentTitle('My Garage');
  const garage = useGarage();
  const navigate = useNavigate();
  const full = garage.vehicles.length >= GARAGE_MAX_VEHICLES;
  const shopFor = async (vehicle: ChosenVehicle) => {
    if (await garage.choose(vehicle)) void navigate(partsFor(vehicle.key));
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">My Garage</h1>
        <p className="mt-2 text-base-content/80">
          Keep up to {GARAGE_MAX_VEHICLES} vehicles. The current one is the vehicle the shop shows
          parts for.
        </p>
      </div>
      {!garage.ready && garage.vehicles.length === 0 ? (
        <PageSpinner label="Loading My Garage…" />
      ) : (
        <GarageList garage={garage} onShop={(v) => void shopFor(v)} />
      )}
      <section aria-labelledby="add-vehicle" className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h2 id="add-vehicle" className="card-title">
            Add a vehicle
          </h2>
          {full ? (
            <p>My Garage is full: remove a vehicle to add another.</p>
          ) : (
            <VehiclePicker onPick={(v) => void shopFor(v)} />
          )}
        </div>
      </section>
    </div>
  );
}

function GarageList({
  garage,
  onShop,
}: {
  garage: GarageHolder;
  onShop: (vehicle: ChosenVehicle) => void;
}) {
  if (garage.vehicles.length === 0) {
    return <p>No vehicles yet: choose yours below to see the parts that fit it.</p>;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Your vehicles">
      {garage.vehicles.map((vehicle) => {
        const isCurrent = garage.current?.key === vehicle.key;
        return (
          <li
            key={vehicle.key}
            className={`flex flex-wrap items-center gap-3 rounded-box border px-4 py-3 ${isCurrent ? 'border-primary bg-primary/5' : 'border-base-300'}`}
          >
            <p className="min-w-0 flex-1 font-medium">
              {vehicle.name}
              {isCurrent && <span className="badge ml-2 badge-primary">Current vehicle</span>}
            </p>
            {isCurrent ? (
              <Link to={partsFor(vehicle.key)} className="btn btn-sm btn-primary">
                Shop parts that fit
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Shop for this vehicle: ${vehicle.name}`}
                onClick={() => onShop(vehicle)}
              >
                Shop for this vehicle
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Remove the ${vehicle.name}`}
              onClick={() => void garage.remove(vehicle.key)}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
