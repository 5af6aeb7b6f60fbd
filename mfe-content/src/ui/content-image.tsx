import type { ImageView } from "./content-views.ts";

/**
 * An API image. An illustration is one SVG that serves every width: no `srcset`, and so no
 * `sizes`, which the HTML standard allows only beside a `srcset`. A photograph is a `<picture>`:
 * AVIF, then WebP, then the JPEG `<img>`, each listing its widths with the `sizes` of where it
 * is shown (strings the worker built). Width and height reserve its box before it loads;
 * `priority` images are the page's largest paint and load first, the rest wait until the
 * reader scrolls near them.
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
  const picture = image.picture;
  const img = (
    <img
      className={className ?? "c-image"}
      src={image.src}
      srcSet={picture?.jpg}
      sizes={picture?.sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      decoding="async"
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
  if (!picture) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={picture.sizes} />
      <source type="image/webp" srcSet={picture.webp} sizes={picture.sizes} />
      {img}
    </picture>
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
