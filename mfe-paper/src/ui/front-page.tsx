import type { FrontPageView } from "./paper-view.ts";

/** The lead's image: one SVG for an illustration, a `<picture>` (AVIF, WebP, JPEG) for a photograph. */
function LeadImage({ page }: { page: FrontPageView }) {
  const image = page.leadImage;
  if (!image) return null;
  const picture = page.leadPicture;
  const img = (
    <img
      className="p-lead-image"
      src={image.src}
      srcSet={picture?.jpg}
      sizes={picture?.sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      fetchPriority="high"
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

/** Page A1 laid out as a front page: the lead story big with its image, the rest in columns. */
export function FrontPage({ page }: { page: FrontPageView }) {
  const image = page.leadImage;
  return (
    <section className="p-front" aria-labelledby="p-front-title">
      <h2 id="p-front-title" className="p-section-title">
        Front page <span className="p-page-label">{page.label}</span>
      </h2>
      <div className="p-front-grid">
        <article className="p-lead">
          {image ? (
            <figure className="p-lead-figure">
              <LeadImage page={page} />
              <figcaption className="p-caption">
                {image.caption} <span className="p-credit">{image.credit}</span>
              </figcaption>
            </figure>
          ) : null}
          <p className="p-kicker">{page.lead.sectionName}</p>
          <h3 className="p-lead-headline">
            <a href={page.lead.path}>{page.lead.printHeadline}</a>
          </h3>
          <p className="p-lead-standfirst">{page.lead.standfirst}</p>
        </article>
        {page.columns.length > 0 && (
          <ul className="p-columns">
            {page.columns.map((placement) => (
              <li key={placement.path} className="p-column-story">
                <p className="p-kicker">{placement.sectionName}</p>
                <h3 className="p-column-headline">
                  <a href={placement.path}>{placement.printHeadline}</a>
                </h3>
                <p className="p-standfirst">{placement.standfirst}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
