import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useDocumentTitle } from '@/lib/use-document-title';

import { RouteAnnouncer } from './route-focus';

/** A page whose script is already loaded: its heading is there at its first render. */
function Page({ name, next }: { name: string; next: string }) {
  useDocumentTitle(name);
  return (
    <>
      <h1>{name}</h1>
      <Link to={next}>Go on</Link>
    </>
  );
}

function Layout() {
  return (
    <>
      <RouteAnnouncer />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

describe('the route announcer', () => {
  it('names the page arrived at, not the one left, when the new page shows at once', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/login', element: <Page name="Login" next="/cart" /> },
            { path: '/cart', element: <Page name="Cart" next="/login" /> },
          ],
        },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'Go on' }));

    expect(await screen.findByRole('heading', { name: 'Cart' })).toHaveFocus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.getElementById('route-announcer')).toHaveTextContent('Cart — Apex Parts');
  });
});
