import { usePartFitment } from './api/part-fitment';
import { fits, fitsInstead } from './fits';
import { usePageVehicle } from './use-page-vehicle';

/**
 * Asks before a part that does not fit the customer's vehicle goes in the cart: answers a
 * function that is true when the part may be added (it fits, no vehicle is chosen, the fit is
 * not known yet, or the customer confirms).
 */
export function useFitConfirmation(part: { id: string; name: string }): () => boolean {
  const vehicle = usePageVehicle();
  const fitment = usePartFitment(part.id, vehicle !== null);
  return () => {
    if (!vehicle || !fitment.data || fits(fitment.data, vehicle.key)) return true;
    const instead = fitsInstead(fitment.data);
    // The browser's own dialog, as the shop's other confirmations: it takes focus, answers to
    // the keyboard and is read out by screen readers.
    return window.confirm(
      `${part.name} does not fit your ${vehicle.name}${instead ? ` (it fits ${instead})` : ''}. Add it to your cart anyway?`,
    );
  };
}
