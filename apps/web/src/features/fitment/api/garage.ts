import { type QueryClient, useQuery } from '@tanstack/react-query';

import type { Garage as GarageJson, GarageInput } from '@apex/contract';

import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

import { readVisitorGarage, saveVisitorGarage, type VisitorGarage } from '../visitor-garage';

/** A garage as the pages show it: each vehicle's key and name, and the current one's key. */
const fromGarageJson = (garage: GarageJson): VisitorGarage => ({
  vehicles: garage.vehicles.map(({ key, name }) => ({ key, name })),
  current: garage.current,
});

const toGarageInput = (garage: VisitorGarage): GarageInput => ({
  vehicles: garage.vehicles.map((v) => v.key),
  current: garage.current,
});

/** The signed-in customer's garage (`GET /garage`). */
export function useAccountGarage(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.garage,
    queryFn: async ({ signal }) =>
      fromGarageJson(await apiGet<GarageJson>('/garage', { signal, auth: true })),
    enabled,
  });
}

/** Sets the signed-in customer's garage (`PUT /garage`); answers it as the shop keeps it. */
export async function putGarage(garage: VisitorGarage): Promise<VisitorGarage> {
  const saved = await apiRequest<GarageJson>('PUT', '/garage', toGarageInput(garage), {
    auth: true,
  });
  return fromGarageJson(saved);
}

/**
 * At sign-in: the visitor's garage joins the account's (`POST /garage/merge`) and leaves the
 * browser, as the cart does. A failure keeps it here for the next sign-in, and says so.
 */
export async function mergeVisitorGarage(queryClient: QueryClient): Promise<void> {
  const garage = readVisitorGarage();
  if (garage.vehicles.length === 0) return;
  try {
    const merged = await apiRequest<GarageJson>('POST', '/garage/merge', toGarageInput(garage), {
      auth: true,
    });
    await queryClient.cancelQueries({ queryKey: queryKeys.garage });
    queryClient.setQueryData(queryKeys.garage, fromGarageJson(merged));
    saveVisitorGarage({ vehicles: [], current: null });
  } catch (error) {
    const why = errorMessage(error, 'the shop did not answer');
    void notify(
      'error',
      `My Garage could not join your account (${why}); it stays in this browser for your next sign-in.`,
    );
  }
}
