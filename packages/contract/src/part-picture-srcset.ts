/**
 * The smaller copies the shop makes of every picture uploaded for a part, as WebP, each at most
 * this many pixels wide (never wider than the upload): `/uploads/parts/<sha256>-<width>.webp`
 * beside the picture `/uploads/parts/<sha256>.<png|jpg|webp>` itself.
 */
const PART_PICTURE_WIDTHS = [320, 640, 1280] as const;

const UPLOADED = /^\/uploads\/parts\/([0-9a-f]{64})\.(?:png|jpg|webp)$/;

/**
 * The `srcset` for a part's `image`, so a browser downloads the copy its screen needs; undefined
 * for a picture that is not an upload (a web address, a demo picture), which keeps `src` alone.
 */
export function partPictureSrcset(image: string): string | undefined {
  const hash = UPLOADED.exec(image)?.[1];
  if (!hash) return undefined;
  return PART_PICTURE_WIDTHS.map((width) => `/uploads/parts/${hash}-${width}.webp ${width}w`).join(
    ', ',
  );
}
