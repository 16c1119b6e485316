import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PartPicture } from './part-picture';

const upload = `/uploads/parts/${'a1'.repeat(32)}.jpg`;

describe('PartPicture', () => {
  it('offers the copies of an uploaded picture, so a phone takes a small one', () => {
    render(<PartPicture image={upload} name="Brake kit" sizes="100vw" className="" />);
    const picture = screen.getByRole('img', { name: 'Brake kit' });
    expect(picture).toHaveAttribute('src', upload);
    expect(picture).toHaveAttribute(
      'srcset',
      [320, 640, 1280]
        .map((width) => `/uploads/parts/${'a1'.repeat(32)}-${width}.webp ${width}w`)
        .join(', '),
    );
    expect(picture).toHaveAttribute('sizes', '100vw');
  });

  it('sends a picture from a web address as it is', () => {
    render(
      <PartPicture image="https://example.com/wing.png" name="Wing" sizes="100vw" className="" />,
    );
    const picture = screen.getByRole('img', { name: 'Wing' });
    expect(picture).not.toHaveAttribute('srcset');
    expect(picture).not.toHaveAttribute('sizes');
  });
});
