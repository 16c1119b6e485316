/**
 * The state of a navigation that changes only what a page shows (a search on the home page),
 * not which page it is: the page keeps its scroll and the customer's focus, where any other
 * navigation starts at the top with focus on the new page's heading (app/layout/route-focus).
 * Kept in the history entry, so Back and Forward between searches stay in place too.
 */
export const STAY_IN_PLACE = { stayInPlace: true } as const;

export function staysInPlace(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'stayInPlace' in state;
}
