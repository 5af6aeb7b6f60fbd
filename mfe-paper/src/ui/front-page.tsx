import { hrefFor } from "shell/contract/addresses";
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

/**
 * A page's stories laid out: the lead big with its image, the rest in columns. `level` is the
 * headlines' heading level under the page's own heading.
 */
export function PageStories({ page, level }: { page: FrontPageView; level: 2 | 3 }) {
  const image = page.leadImage;
  const Headline = level === 2 ? "h2" : "h3";
  return (
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
        <Headline className="p-lead-headline">
          <a href={page.lead.path}>{page.lead.printHeadline}</a>
        </Headline>
        <p className="p-lead-standfirst">{page.lead.standfirst}</p>
      </article>
      {page.columns.length > 0 && (
        <ul className="p-columns">
          {page.columns.map((placement) => (
            <li key={placement.path} className="p-column-story">
              <p className="p-kicker">{placement.sectionName}</p>
              <Headline className="p-column-headline">
                <a href={placement.path}>{placement.printHeadline}</a>
              </Headline>
              <p className="p-standfirst">{placement.standfirst}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Page A1 laid out as a front page, linking to its own page view. */
export function FrontPage({ page, date }: { page: FrontPageView; date: string }) {
  return (
    <section className="p-front" aria-labelledby="p-front-title">
      <h2 id="p-front-title" className="p-section-title">
        Front page{" "}
        <a className="p-page-label" href={hrefFor("paper.page", { date, page: page.label })}>
          {page.label}
        </a>
      </h2>
      <PageStories page={page} level={3} />
    </section>
  );
}
