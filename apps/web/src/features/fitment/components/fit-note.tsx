import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { usePartFitment } from '../api/part-fitment';
import { type ChosenVehicle, fits, fitsInstead } from '../fits';
import { usePageVehicle } from '../use-page-vehicle';

// Text in the page's own colour on a light tint, the state in the border: readable in every theme
// (a green or amber text on white falls short of WCAG's contrast), and no icon code on first load.
const NOTE = 'rounded-box border-l-4 px-3 py-1.5 text-sm';

/**
 * Whether a part fits the customer's vehicle, in plain words: "Fits your 2019 Lamborghini Huracán
 * EVO", "Does not fit your …" with what it fits instead, or a prompt to choose a vehicle.
 */
export function FitNote({
  partId,
  vehicle,
  chooseVehicle,
}: {
  partId: string;
  vehicle: ChosenVehicle | null;
  /** The prompt's way to the picker (a link). */
  chooseVehicle: ReactNode;
}) {
  const fitment = usePartFitment(partId, vehicle !== null);
  if (!vehicle) {
    return <p className="text-sm text-base-content/80">Does it fit your car? {chooseVehicle}</p>;
  }
  // Room kept for the note while it loads, so the card does not jump.
  if (!fitment.data) return <p className={`${NOTE} border-base-300`}>Checking the fit…</p>;
  if (fits(fitment.data, vehicle.key)) {
    return (
      <p className={`${NOTE} border-success bg-success/10 font-medium`}>Fits your {vehicle.name}</p>
    );
  }
  const instead = fitsInstead(fitment.data);
  return (
    <p className={`${NOTE} border-warning bg-warning/15`}>
      <span className="font-medium">Does not fit your {vehicle.name}</span>
      {instead && <span className="block text-base-content/80">Fits {instead}</span>}
    </p>
  );
}

/** A card's fit note, for the page's vehicle; the prompt leads to My Garage's picker. */
export function CardFitNote({ partId }: { partId: string }) {
  const vehicle = usePageVehicle();
  return (
    <FitNote
      partId={partId}
      vehicle={vehicle}
      chooseVehicle={
        <Link to="/garage" className="link link-primary">
          Choose your vehicle
        </Link>
      }
    />
  );
}
