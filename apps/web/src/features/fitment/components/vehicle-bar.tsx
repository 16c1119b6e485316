import { useEffect, useEffectEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { GARAGE_MAX_VEHICLES } from '@apex/contract/quantity-rules';

import { STAY_IN_PLACE } from '@/lib/navigation-state';

import type { ChosenVehicle } from '../fits';
import { useGarage } from '../use-garage';
import { useAddressVehicleKey, usePageVehicle } from '../use-page-vehicle';
import { VehiclePicker } from './vehicle-picker';

/**
 * The catalogue's vehicle: the parts shown for it (the address's `?vehicle=`, so the page can be
 * shared and crawled), a way to show every part or only those that fit, and the picker when no
 * vehicle is chosen yet.
 */
export function VehicleBar() {
  const [params, setParams] = useSearchParams();
  const key = useAddressVehicleKey();
  const vehicle = usePageVehicle();
  const garage = useGarage();

  const showFor = (vehicleKey: string | null) => {
    const next = new URLSearchParams(params);
    if (vehicleKey) next.set('vehicle', vehicleKey);
    else next.delete('vehicle');
    setParams(next, { state: STAY_IN_PLACE });
  };
  const pick = async (picked: ChosenVehicle) => {
    if (await garage.choose(picked)) showFor(picked.key);
  };

  // A shared link's vehicle becomes the current one, when My Garage has it or room for it.
  const inGarage = garage.vehicles.some((v) => v.key === key);
  const room = inGarage || garage.vehicles.length < GARAGE_MAX_VEHICLES;
  const { ready, current } = garage;
  // An event, not a dependency: `garage` is a new object every render.
  const choose = useEffectEvent((picked: ChosenVehicle) => void garage.choose(picked));
  useEffect(() => {
    if (ready && vehicle && key === vehicle.key && current?.key !== key && room) choose(vehicle);
  }, [ready, vehicle, key, current, room]);

  if (key && vehicle) {
    return (
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box bg-base-200 px-4 py-3">
        <p className="font-medium" aria-live="polite">
          Parts that fit your {vehicle.name}
        </p>
        <button type="button" className="btn btn-sm" onClick={() => showFor(null)}>
          Show every part
        </button>
        <Link to="/garage" className="link link-primary text-sm">
          Change vehicle
        </Link>
      </div>
    );
  }
  if (vehicle) {
    return (
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box bg-base-200 px-4 py-3">
        <p>
          Your vehicle: <span className="font-medium">{vehicle.name}</span>
        </p>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => showFor(vehicle.key)}
        >
          Show only parts that fit
        </button>
        <Link to="/garage" className="link link-primary text-sm">
          My Garage
        </Link>
      </div>
    );
  }
  return (
    <div className="mb-6 rounded-box bg-base-200 px-4 py-4">
      <h3 className="mb-3 font-semibold">Shop by vehicle</h3>
      <VehiclePicker onPick={(picked) => void pick(picked)} />
    </div>
  );
}
