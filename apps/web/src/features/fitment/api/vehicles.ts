import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { ModelYearVehicle, VehicleOptions } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The picker's choices so far; each select needs the ones before it. */
export interface VehicleChoice {
  year: string;
  make: string;
  model: string;
}

/** The picker's selects, each listing only what the shop sells for (`GET /vehicle-options`). */
export function useVehicleOptions({ year, make, model }: VehicleChoice) {
  const params = new URLSearchParams();
  if (year) params.set('year', year);
  if (year && make) params.set('make', make);
  if (year && make && model) params.set('model', model);
  const query = params.toString();
  return useQuery({
    queryKey: queryKeys.vehicleOptions(query),
    queryFn: ({ signal }) => apiGet<VehicleOptions>(`/vehicle-options?${query}`, { signal }),
    // The selects keep their lists while the next ones load, rather than flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A vehicle in a model year, as the address names it; null for a key naming none. */
export function useModelYearVehicle(key: string | null) {
  return useQuery({
    queryKey: queryKeys.vehicle(key ?? ''),
    queryFn: ({ signal }) =>
      apiGet<ModelYearVehicle>(`/vehicles/${encodeURIComponent(key ?? '')}`, { signal }),
    enabled: key !== null,
    staleTime: 60_000,
    retry: false,
  });
}
