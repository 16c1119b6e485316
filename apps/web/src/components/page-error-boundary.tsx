import { Component, type ReactNode } from 'react';

import { ChunkLoadError } from '@/lib/lazy-page';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a page that failed to load or render, so one broken page never blanks the whole shop.
 * A page whose script could not be fetched (ChunkLoadError) is usually cured by a reload.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
        </h1>
        <p className="mt-2 text-base-content/80">
          {chunk
            ? 'Check your connection, then reload to fetch the latest version of the shop.'
            : 'Reloading usually helps. If it keeps happening, please contact us.'}
        </p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
