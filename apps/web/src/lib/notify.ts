// react-toastify stays out of the first load: it arrives with the first message to show.
// It must be the same (unstyled) build that components/toasts.tsx mounts, or no toast appears.
type Kind = 'success' | 'error' | 'info';

/** Shows a toast in the container of components/toasts.tsx, which holds the spec's options. */
export async function notify(kind: Kind, message: string): Promise<void> {
  const { toast } = await import('react-toastify/unstyled');
  toast[kind](message);
}
