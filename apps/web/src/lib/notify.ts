import { useSyncExternalStore } from 'react';

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
