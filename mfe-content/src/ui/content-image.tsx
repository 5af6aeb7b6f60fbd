import type { ImageView } from "./content-views.ts";

/**
 * An API image (SVG, so one file serves every width: no `srcset`, and so no `sizes`, which the
 * HTML standard allows only beside a `srcset`). Width and height reserve its box before it
 * loads; `priority` images are the page's largest paint and load first, the rest wait until
 * the reader scrolls near them.
 */
export function ContentImage({
  image,
  priority = false,
  className,
}: {
  image: ImageView;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className ?? "c-image"}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
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
