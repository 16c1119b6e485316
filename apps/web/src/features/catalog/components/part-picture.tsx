import { partPictureSrcset } from '@apex/contract/part-picture-srcset';

/**
 * A part's picture. An uploaded one comes with its smaller copies (`srcset`), so a phone
 * downloads the copy its screen needs, never the full upload; `sizes` says how wide the picture
 * shows at each screen width. A web address or a demo drawing is sent as it is.
 */
export function PartPicture({
  image,
  name,
  sizes,
  className,
  lazy = false,
}: {
  image: string;
  name: string;
  sizes: string;
  className: string;
  lazy?: boolean;
}) {
  const srcSet = partPictureSrcset(image);
  return (
    <img
      src={image}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={name}
      width={800}
      height={600}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={className}
    />
  );
}
