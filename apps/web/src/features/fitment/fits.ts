import type { PartFitment, Vehicle } from '@apex/contract';

/** A vehicle the customer shops for: its key (`2019-lamborghini-huracan-evo`) and its name. */
export interface ChosenVehicle {
  key: string;
  /** "2019 Lamborghini Huracán EVO" */
  name: string;
}

/** Whether a part fits a vehicle in a model year: universal, or fitted to it in that year. */
export function fits(fitment: PartFitment, key: string): boolean {
  if (fitment.universal) return true;
  const year = Number(key.slice(0, 4));
  const slug = key.slice(5);
  return fitment.vehicles.some((v) => v.slug === slug && v.yearFrom <= year && year <= v.yearTo);
}

/** A vehicle over the years the shop sells for it: "Porsche 911 992 GT3, 2021–2024". */
export const vehicleYears = (vehicle: Vehicle) =>
  `${vehicle.name}, ${vehicle.yearFrom === vehicle.yearTo ? vehicle.yearFrom : `${vehicle.yearFrom}–${vehicle.yearTo}`}`;

/** What a part fits instead, in a few words: "Porsche 911 992 GT3 and 2 more". */
export function fitsInstead(fitment: PartFitment): string | null {
  const [first, ...rest] = fitment.vehicles;
  if (!first) return null;
  return rest.length === 0 ? first.name : `${first.name} and ${rest.length} more`;
}
