import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answerFetchWith, json, renderWithProviders } from '@/test/render';

import { Navbar } from './navbar';

afterEach(() => vi.unstubAllGlobals());

/** The desktop menu's links (the phone menu is closed, so not rendered). */
async function menuLink(name: string) {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav).findByRole('link', { name });
}

describe('Navbar', () => {
  it('marks only Home as the current page on the home page', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(null)));
    renderWithProviders(<Navbar />, { route: '/' });
    expect(await menuLink('Home')).toHaveAttribute('aria-current', 'page');
    expect(await menuLink('Home')).toHaveClass('menu-active');
    expect(await menuLink('Purchase')).not.toHaveAttribute('aria-current', 'page');
    expect(await menuLink('Purchase')).not.toHaveClass('menu-active');
  });

  it('marks only Purchase as the current page at the parts', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(null)));
    renderWithProviders(<Navbar />, { route: '/#parts' });
    expect(await menuLink('Purchase')).toHaveAttribute('aria-current', 'page');
    expect(await menuLink('Purchase')).toHaveClass('menu-active');
    expect(await menuLink('Home')).not.toHaveAttribute('aria-current', 'page');
    expect(await menuLink('Home')).not.toHaveClass('menu-active');
  });

  it('marks neither elsewhere', async () => {
    vi.stubGlobal('fetch', answerFetchWith(json(null)));
    renderWithProviders(<Navbar />, { route: '/blogs' });
    expect(await menuLink('Blogs')).toHaveAttribute('aria-current', 'page');
    expect(await menuLink('Home')).not.toHaveAttribute('aria-current');
    expect(await menuLink('Purchase')).not.toHaveAttribute('aria-current');
  });
});
