import type { ImageView } from "./content-views.ts";

/** The article column is about 50rem wide from 60rem up, and the full width below. */
export const IMAGE_SIZES = "(min-width: 60rem) 50rem, 100vw";

/**
 * An API image (SVG, so one file serves every width). Width and height reserve its box
 * before it loads; `priority` images are the page's largest paint and load first, the rest
 * wait until the reader scrolls near them.
 */
export function ContentImage({
  image,
  priority = false,
  className,
  sizes = IMAGE_SIZES,
}: {
  image: ImageView;
  priority?: boolean;
  className?: string;
  sizes?: string;
}) {
  return (
    <img
      className={className ?? "c-image"}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      decoding="async"
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}

/** An image with its caption and credit, as the lead of an article or inside its body. */
export function Figure({ image, priority = false }: { image: ImageView; priority?: boolean }) {
  const hasCaption = image.caption !== "" || image.credit !== "";
  return (
    <figure className={priority ? "c-figure c-figure--lead" : "c-figure"}>
      <ContentImage image={image} priority={priority} />
      {hasCaption ? (
        <figcaption>
          {image.caption}
          {image.credit ? <span className="c-figure__credit">{image.credit}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
