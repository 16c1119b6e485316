import { GARAGE_MAX_VEHICLES } from '@apex/contract/quantity-rules';

import type { ChosenVehicle } from './fits';

/** A visitor's garage: kept in this browser until they sign in, then merged into the account's. */
export interface VisitorGarage {
  vehicles: readonly ChosenVehicle[];
  current: string | null;
}

const KEY = 'garage';
const EMPTY: VisitorGarage = { vehicles: [], current: null };
const KEY_FORM = /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a stored value is a vehicle: the browser's storage is anyone's to edit, or outdated. */
function isVehicle(value: unknown): value is ChosenVehicle {
  if (typeof value !== 'object' || value === null) return false;
  const { key, name } = value as Record<string, unknown>;
  return typeof key === 'string' && KEY_FORM.test(key) && typeof name === 'string';
}

function load(): VisitorGarage {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return EMPTY;
    const { vehicles, current } = parsed as Record<string, unknown>;
    const kept = (Array.isArray(vehicles) ? vehicles.filter(isVehicle) : [])
      .filter((v, i, all) => all.findIndex((other) => other.key === v.key) === i)
      .slice(0, GARAGE_MAX_VEHICLES);
    const currentKey = kept.find((v) => v.key === current)?.key ?? null;
    return { vehicles: kept, current: currentKey };
  } catch {
    // Not JSON, or storage refused (a private window): an empty garage, not a broken page.
    return EMPTY;
  }
}

let garage: VisitorGarage | null = null;
const listeners = new Set<() => void>();

export function readVisitorGarage(): VisitorGarage {
  garage ??= load();
  return garage;
}

export function saveVisitorGarage(next: VisitorGarage): void {
  garage = next;
  try {
    if (next.vehicles.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage refused: the garage lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

export function subscribeToVisitorGarage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
