import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ChunkLoadError } from '@/lib/lazy-page';

import { PageErrorBoundary } from './page-error-boundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('PageErrorBoundary', () => {
  it('offers a reload when a page script could not be loaded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary>
        <Throws error={new ChunkLoadError(new TypeError('Failed to fetch'))} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows the page when nothing fails', () => {
    render(
      <PageErrorBoundary>
        <p>Page content</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Page content')).toBeInTheDocument();
  });
});
