/** What a page shows while it, or who is signed in, is still loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex justify-center py-24" role="status">
      <span className="loading loading-lg loading-spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
