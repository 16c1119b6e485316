import { describe, expect, it } from 'vitest';

import { partPictureSrcset } from './part-picture-srcset';

describe('partPictureSrcset', () => {
  const hash = 'ab'.repeat(32);

  it('names the three WebP widths of an uploaded picture, whatever its own format', () => {
    for (const extension of ['png', 'jpg', 'webp']) {
      expect(partPictureSrcset(`/uploads/parts/${hash}.${extension}`)).toBe(
        `/uploads/parts/${hash}-320.webp 320w, /uploads/parts/${hash}-640.webp 640w, ` +
          `/uploads/parts/${hash}-1280.webp 1280w`,
      );
    }
  });

  it('gives none for web addresses and demo pictures, which have no smaller copies', () => {
    expect(partPictureSrcset('https://images.example.com/exhaust.png')).toBeUndefined();
    expect(partPictureSrcset('/images/parts/exhaust.svg')).toBeUndefined();
    expect(partPictureSrcset(`/uploads/parts/${hash}-640.webp`)).toBeUndefined();
  });
});
