import { useSyncExternalStore } from 'react';

import { errorMessage } from './api';

// react-toastify stays out of the pages' loads: it arrives with the first message to show, and so
// does the toast area (components/toasts.tsx), which shows the messages sent before it mounted.
// It must be the same (unstyled) build that components/toasts.tsx mounts, or no toast appears.
type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any message was sent yet: the app mounts the toast area from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
}

/** Shows a toast in the container of components/toasts.tsx, which holds the spec's options. */
export async function notify(kind: Kind, message: string): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await import('react-toastify/unstyled');
  toast[kind](message);
}

/**
 * Takes away the toasts still showing: for a page whose own confirmation now says more, and where
 * a toast of the step before (the order placed) would cover it at a phone's width.
 */
export async function dismissToasts(): Promise<void> {
  if (!wanted) return;
  const { toast } = await import('react-toastify/unstyled');
  toast.dismiss();
}

interface Outcome {
  /** Said once the action succeeded, e.g. "Order cancelled". */
  done: string;
  /** Said when it failed with no message of its own (the API's errors say what went wrong). */
  failed: string;
  /** What the page does once the action succeeded, before saying so: reset a form, move focus. */
  then?: () => void;
}

/** Does what was asked (a delete, a save) and says in a toast how it went. */
export async function notifyOutcome(
  action: () => Promise<unknown>,
  { done, failed, then }: Outcome,
): Promise<void> {
  try {
    await action();
    then?.();
    void notify('success', done);
  } catch (error) {
    void notify('error', errorMessage(error, failed));
  }
}
