import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerFetchWith, json, renderWithProviders } from '@/test/render';

import { Navbar } from './navbar';

afterEach(() => vi.unstubAllGlobals());

/** The desktop menu's links (the phone menu is closed, so not rendered). */
function menuLink(name: string) {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav).findByRole('link', { name });
}

describe('Navbar', () => {
  // "Home" and "Purchase" share the path /; only the hash tells which one is where we are.
  it.each([
    { route: '/', current: 'Home', notCurrent: ['Purchase', 'Blogs'] },
    { route: '/#parts', current: 'Purchase', notCurrent: ['Home', 'Blogs'] },
    { route: '/blogs', current: 'Blogs', notCurrent: ['Home', 'Purchase'] },
  ])(
    'at $route marks only $current as the current page',
    async ({ route, current, notCurrent }) => {
      vi.stubGlobal('fetch', answerFetchWith(json(null)));
      renderWithProviders(<Navbar />, { route });
      const link = await menuLink(current);
      expect(link).toHaveAttribute('aria-current', 'page');
      expect(link).toHaveClass('menu-active');
      for (const name of notCurrent) {
        const other = await menuLink(name);
        expect(other).not.toHaveAttribute('aria-current', 'page');
        expect(other).not.toHaveClass('menu-active');
      }
    },
  );
});
