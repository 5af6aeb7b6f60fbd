import type { FragmentHead } from "shell/contract";
import { OG_HEIGHT, OG_WIDTH } from "edge-api/contract/content";
import { hrefFor, urlFor } from "shell/contract/addresses";
import { formatCalendarDate, formatLongCalendarDate } from "shell/fragment-kit/dates";
import { noEditionHeading } from "../ui/no-edition-heading.ts";
import type { EditionView, NoEditionView } from "../ui/paper-view.ts";

const TITLES: Record<EditionView["mode"], (date: string) => string> = {
  today: (date) => `Today's paper, ${date}`,
  latest: (date) => `The latest paper, ${date}`,
  dated: (date) => `The paper for ${date}`,
};

/** Head data of an edition page. Every route shows the dated page's canonical URL. */
export function editionHead(view: EditionView, origin: string): FragmentHead {
  const canonicalPath = hrefFor("paper.edition", { date: view.date });
  const url = urlFor(origin, "paper.edition", { date: view.date });
  const dateText = formatCalendarDate(view.date);
  const title = `${TITLES[view.mode](dateText)} | ${view.publicationName}`;
  const lead = view.frontPage?.lead.printHeadline;
  const description = (
    `The print edition of ${view.publicationName} for ${formatLongCalendarDate(view.date)}` +
    (lead ? `: ${lead}, and every page in order.` : ", page by page.")
  ).slice(0, 500);
  // Shared links get a raster 1200x630 JPEG (networks do not render SVG): the lead
  // photograph's crop, else the publication's card.
  const image = view.frontPage?.leadImage ?? null;
  const share = view.frontPage?.shareImage ?? null;
  const imageUrl = share ? new URL(share, origin).toString() : null;
  const shareAlt = image && view.frontPage?.leadPicture ? image.alt : view.publicationName;
  return {
    title,
    description,
    canonicalPath,
    meta: [
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: view.publicationName },
      { property: "og:title", content: title },
      { property: "og:description", content: description },
      { property: "og:url", content: url },
      ...(imageUrl
        ? [
            { property: "og:image", content: imageUrl },
            { property: "og:image:type", content: "image/jpeg" },
            { property: "og:image:alt", content: shareAlt },
            { property: "og:image:width", content: String(OG_WIDTH) },
            { property: "og:image:height", content: String(OG_HEIGHT) },
            { name: "twitter:card", content: "summary_large_image" },
            { name: "twitter:image", content: imageUrl },
          ]
        : [{ name: "twitter:card", content: "summary" }]),
    ],
    // An illustration (one SVG) is preloaded; a photograph is not: its <picture> picks a format
    // and width the preload cannot know, and the img is in the HTML with high fetch priority.
    links:
      image && !view.frontPage?.leadPicture
        ? [{ rel: "preload", href: image.src, as: "image" }]
        : [],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "PublicationIssue",
        name: `${view.publicationName}, ${dateText}`,
        datePublished: view.date,
        url,
        ...(imageUrl ? { image: imageUrl } : {}),
        isPartOf: { "@type": "Periodical", name: view.publicationName },
        hasPart: view.books.flatMap((book) =>
          book.pages.flatMap((page) =>
            page.placements.map((placement) => ({
              "@type": "NewsArticle",
              headline: placement.printHeadline,
              url: new URL(placement.path, origin).toString(),
              printSection: book.name,
              printPage: page.label,
            })),
          ),
        ),
      },
    ],
  };
}

/** Head of the page for a date without a paper: not indexed, canonical to itself. */
export function noEditionHead(view: NoEditionView, publicationName: string): FragmentHead {
  const longDate = formatLongCalendarDate(view.date);
  return {
    title: `${noEditionHeading(view.isFuture, longDate)} | ${publicationName}`,
    description: view.isFuture
      ? `${publicationName} has not published a print edition for ${longDate} yet.`
      : `${publicationName} did not publish a print edition on ${longDate}.`,
    canonicalPath: hrefFor("paper.edition", { date: view.date }),
    robots: "noindex",
  };
}
