import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('closes the phone menu on Escape and gives focus back to its button', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(null)));
    const user = userEvent.setup();
    renderWithProviders(<Navbar />, { route: '/blogs' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const first = within(menu as HTMLElement).getAllByRole('link')[0];
    first?.focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes the phone menu when focus leaves it', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(null)));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Navbar />
        <button type="button">Elsewhere</button>
      </>,
      { route: '/blogs' },
    );
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
