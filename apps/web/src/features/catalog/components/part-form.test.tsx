import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, renderWithProviders } from '@/test/render';

import { NewPartForm } from './part-form';

afterEach(() => vi.unstubAllGlobals());

const picture = (type: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], `part.${type.split('/')[1] ?? 'bin'}`, { type });

describe('NewPartForm', () => {
  it('names each invalid field and saves nothing', async () => {
    const onSave = vi.fn();
    renderWithProviders(<NewPartForm submitLabel="Add Product" onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Price ($)'), '10.005');
    await userEvent.type(screen.getByLabelText('Minimum order'), '5');
    await userEvent.type(screen.getByLabelText('Quantity in stock'), '3');
    await userEvent.type(screen.getByLabelText('Image URL'), 'ftp://example.com/a.png');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Name is required')).toBeVisible();
    // The first field in the way takes focus.
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByText('The price can have at most 2 decimals')).toBeVisible();
    expect(screen.getByText('The quantity must be at least the minimum order')).toBeVisible();
    expect(
      screen.getByText('The image must be an http or https address, or an uploaded picture'),
    ).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a picture that is too large or not PNG, JPEG or WebP before sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<NewPartForm submitLabel="Add Product" onSave={vi.fn()} />);
    const input = screen.getByLabelText('Or upload a picture');
    await userEvent.upload(input, picture('image/gif'), { applyAccept: false });
    expect(await screen.findByText('The picture must be a PNG, JPEG or WebP image')).toBeVisible();
    await userEvent.upload(input, picture('image/png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByText('The picture must be 2 MB or smaller')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a chosen picture and saves the part with its address', async () => {
    vi.stubGlobal('fetch', json({ image: `/uploads/parts/${'b'.repeat(64)}.png` }, 201));
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<NewPartForm submitLabel="Add Product" onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Brake Kit');
    await userEvent.type(screen.getByLabelText('Price ($)'), '899.5');
    await userEvent.type(screen.getByLabelText('Minimum order'), '1');
    await userEvent.type(screen.getByLabelText('Quantity in stock'), '8');
    await userEvent.upload(screen.getByLabelText('Or upload a picture'), picture('image/png'));
    expect(await screen.findByAltText("The part's picture")).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        name: 'Brake Kit',
        price: 899.5,
        minOrder: 1,
        stock: 8,
        image: `/uploads/parts/${'b'.repeat(64)}.png`,
        description: '',
      }),
    );
  });
});
