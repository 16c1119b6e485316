// react-toastify stays out of the first load: it arrives with the first message to show.
type Kind = 'success' | 'error' | 'info';

/** Shows a toast; the container (components/toasts.tsx) holds the spec's options. */
export async function notify(kind: Kind, message: string): Promise<void> {
  const { toast } = await import('react-toastify');
  toast[kind](message);
}
