import { useSearchParams } from 'react-router';

import { useModelYearVehicle } from './api/vehicles';
import type { ChosenVehicle } from './fits';
import { useGarage } from './use-garage';

/** The address's vehicle (`?vehicle=`), when the page names one. */
export const useAddressVehicleKey = (): string | null => useSearchParams()[0].get('vehicle');

/**
 * The vehicle a page speaks of: the one its address names (a shared link), else the current
 * vehicle of My Garage; null when there is neither.
 */
export function usePageVehicle(): ChosenVehicle | null {
  const key = useAddressVehicleKey();
  const garage = useGarage();
  const named = useModelYearVehicle(key);
  if (key !== null) {
    const known = garage.vehicles.find((v) => v.key === key);
    if (known) return known;
    return named.data ? { key: named.data.key, name: named.data.name } : null;
  }
  return garage.current;
}
