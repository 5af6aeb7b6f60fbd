import type { MediaImageView } from "./media-views.ts";

/**
 * A library photograph's `<img>`: lazy, with its width and height (no layout shift), and
 * `sizes` only beside a `srcset` (the HTML checker refuses `sizes` alone).
 */
export function MediaImage({
  image,
  className,
  alt = image.alt,
}: {
  image: MediaImageView;
  className?: string;
  alt?: string;
}) {
  return (
    <img
      className={className}
      src={image.src}
      {...(image.srcset ? { srcSet: image.srcset, sizes: image.sizes } : {})}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}
