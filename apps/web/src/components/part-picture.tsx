import { partPictureSrcset } from '@apex/contract/part-picture-srcset';

/**
 * A part's picture. An uploaded one comes with its smaller copies (`srcset`), so a phone
 * downloads the copy its screen needs, never the full upload; `sizes` says how wide the picture
 * shows at each screen width. A web address or a demo drawing is sent as it is. Its text is the
 * part's name, unless `alt` says otherwise (empty beside a link that names the part already).
 */
export function PartPicture({
  image,
  name,
  sizes,
  className,
  lazy = false,
  alt = name,
}: {
  image: string;
  name: string;
  sizes: string;
  className: string;
  lazy?: boolean;
  alt?: string;
}) {
  const srcSet = partPictureSrcset(image);
  return (
    <img
      src={image}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={800}
      height={600}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={className}
    />
  );
}
