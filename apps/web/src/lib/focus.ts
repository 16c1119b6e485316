import { useCallback } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/**
 * Moves focus to an element, reachable by Tab or not: a heading, a message or a region becomes
 * focusable from script only (tabindex -1), so the next Tab continues from there instead of from
 * the top of the page, and a screen reader reads where the customer has landed.
 */
export function focusOn(element: HTMLElement, options: FocusOptions = {}): void {
  if (!element.matches(FOCUSABLE)) element.setAttribute('tabindex', '-1');
  element.focus(options);
}

/**
 * A ref for what an action produced (the order placed, the payment confirmed): focus lands on it
 * as it appears.
 */
export function useFocusWhenShown(): (element: HTMLElement | null) => void {
  return useCallback((element: HTMLElement | null) => {
    if (element) focusOn(element);
  }, []);
}
