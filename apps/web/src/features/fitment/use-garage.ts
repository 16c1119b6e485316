import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { GARAGE_MAX_VEHICLES } from '@apex/contract/quantity-rules';

import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useAccount } from '@/lib/session';

import { putGarage, useAccountGarage } from './api/garage';
import type { ChosenVehicle } from './fits';
import {
  readVisitorGarage,
  saveVisitorGarage,
  subscribeToVisitorGarage,
  type VisitorGarage,
} from './visitor-garage';

const FULL = `My Garage keeps at most ${GARAGE_MAX_VEHICLES} vehicles: remove one first`;

/**
 * My Garage: the customer's vehicles and the current one, the one the shop is browsed for. A
 * visitor's is kept in this browser; a signed-in customer's on the account, so it follows them.
 */
export function useGarage() {
  const account = useAccount();
  const queryClient = useQueryClient();
  const visitor = useSyncExternalStore(
    subscribeToVisitorGarage,
    readVisitorGarage,
    readVisitorGarage,
  );
  const onAccount = useAccountGarage(account === 'customer');
  const garage: VisitorGarage =
    account === 'customer' ? (onAccount.data ?? { vehicles: [], current: null }) : visitor;

  const save = async (next: VisitorGarage): Promise<boolean> => {
    if (account !== 'customer') {
      saveVisitorGarage(next);
      return true;
    }
    // Shown at once; the shop's copy replaces it when it answers.
    queryClient.setQueryData(queryKeys.garage, next);
    try {
      queryClient.setQueryData(queryKeys.garage, await putGarage(next));
      return true;
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.garage });
      void notify('error', errorMessage(error, 'My Garage could not be saved'));
      return false;
    }
  };

  const current = garage.vehicles.find((v) => v.key === garage.current) ?? null;
  return {
    vehicles: garage.vehicles,
    current,
    /** Whether the garage is known yet (a signed-in customer's arrives from the shop). */
    ready: account === 'visitor' || (account === 'customer' && onAccount.isSuccess),

    /** Makes a vehicle the current one, adding it to the garage when it is not there yet. */
    async choose(vehicle: ChosenVehicle): Promise<boolean> {
      const known = garage.vehicles.some((v) => v.key === vehicle.key);
      if (!known && garage.vehicles.length >= GARAGE_MAX_VEHICLES) {
        void notify('error', FULL);
        return false;
      }
      const vehicles = known ? garage.vehicles : [...garage.vehicles, vehicle];
      return save({ vehicles, current: vehicle.key });
    },

    async remove(key: string): Promise<boolean> {
      const vehicles = garage.vehicles.filter((v) => v.key !== key);
      return save({ vehicles, current: garage.current === key ? null : garage.current });
    },
  };
}

export type GarageHolder = ReturnType<typeof useGarage>;
