import type { FragmentHead } from "shell/contract";
import { OG_HEIGHT, OG_WIDTH } from "edge-api/contract/content";
import { hrefFor, urlFor } from "shell/contract/addresses";
import { formatCalendarDate, formatLongCalendarDate } from "shell/fragment-kit/dates";
import { noEditionHeading } from "../ui/no-edition-heading.ts";
import { noPageHeading, printPageHeading } from "../ui/print-page-heading.ts";
import type {
  EditionView,
  FrontPageView,
  NoEditionView,
  NoPageView,
  PrintPageView,
} from "../ui/paper-view.ts";

const TITLES: Record<EditionView["mode"], (date: string) => string> = {
  today: (date) => `Today's paper, ${date}`,
  latest: (date) => `The latest paper, ${date}`,
  dated: (date) => `The paper for ${date}`,
};

/** Open Graph of a paper page (a `website`), then its share image's tags. */
function openGraph(
  page: { siteName: string; title: string; description: string; url: string },
  shareMeta: FragmentHead["meta"],
): FragmentHead["meta"] {
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.url },
    ...(shareMeta ?? []),
  ];
}

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
  const share = shareOf(view.frontPage, origin, view.publicationName);
  return {
    title,
    description,
    canonicalPath,
    meta: openGraph({ siteName: view.publicationName, title, description, url }, share.meta),
    links: share.links,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "PublicationIssue",
        name: `${view.publicationName}, ${dateText}`,
        datePublished: view.date,
        url,
        ...(share.imageUrl ? { image: share.imageUrl } : {}),
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

/**
 * The share image of a page laid out with a lead (the front page, a printed page): shared
 * links get a raster 1200x630 JPEG (networks do not render SVG), the lead photograph's crop,
 * else the publication's card.
 */
function shareOf(layout: FrontPageView | null, origin: string, publicationName: string) {
  const image = layout?.leadImage ?? null;
  const share = layout?.shareImage ?? null;
  const imageUrl = share ? new URL(share, origin).toString() : null;
  const shareAlt = image && layout?.leadPicture ? image.alt : publicationName;
  const meta: NonNullable<FragmentHead["meta"]> = imageUrl
    ? [
        { property: "og:image", content: imageUrl },
        { property: "og:image:type", content: "image/jpeg" },
        { property: "og:image:alt", content: shareAlt },
        { property: "og:image:width", content: String(OG_WIDTH) },
        { property: "og:image:height", content: String(OG_HEIGHT) },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:image", content: imageUrl },
      ]
    : [{ name: "twitter:card", content: "summary" }];
  // An illustration (one SVG) is preloaded; a photograph is not: its <picture> picks a format
  // and width the preload cannot know, and the img is in the HTML with high fetch priority.
  const links: NonNullable<FragmentHead["links"]> =
    image && !layout?.leadPicture ? [{ rel: "preload", href: image.src, as: "image" }] : [];
  return { imageUrl, meta, links };
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

/**
 * Head of one printed page: canonical to itself, the edition's share image logic for its lead,
 * and JSON-LD: a `WebPage` whose main entity is the `ItemList` of the page's `NewsArticle`s,
 * each with `printEdition`, `printSection` and `printPage`.
 */
export function printPageHead(view: PrintPageView, origin: string): FragmentHead {
  const params = { date: view.date, page: view.label };
  const url = urlFor(origin, "paper.page", params);
  const longDate = formatLongCalendarDate(view.date);
  const title = `${printPageHeading(view)} | ${view.publicationName}`;
  const lead = view.stories?.lead.printHeadline;
  const description = (
    `Page ${view.label} (${view.bookName}) of ${view.publicationName}'s print edition for ` +
    longDate +
    (lead ? `: ${lead}.` : ".")
  ).slice(0, 500);
  const share = shareOf(view.stories, origin, view.publicationName);
  const placements = view.stories ? [view.stories.lead, ...view.stories.columns] : [];
  return {
    title,
    description,
    canonicalPath: hrefFor("paper.page", params),
    meta: openGraph({ siteName: view.publicationName, title, description, url }, share.meta),
    links: share.links,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: title,
        url,
        ...(share.imageUrl ? { image: share.imageUrl } : {}),
        isPartOf: {
          "@type": "PublicationIssue",
          name: `${view.publicationName}, ${formatCalendarDate(view.date)}`,
          datePublished: view.date,
          url: urlFor(origin, "paper.edition", { date: view.date }),
        },
        mainEntity: {
          "@type": "ItemList",
          itemListOrder: "https://schema.org/ItemListOrderAscending",
          numberOfItems: placements.length,
          itemListElement: placements.map((placement, index) => ({
            "@type": "ListItem",
            position: index + 1,
            item: {
              "@type": "NewsArticle",
              headline: placement.printHeadline,
              url: new URL(placement.path, origin).toString(),
              printEdition: view.date,
              printSection: view.bookName,
              printPage: view.label,
            },
          })),
        },
      },
    ],
  };
}

/** Head of a real edition's page that does not exist: not indexed, canonical to itself. */
export function noPageHead(view: NoPageView, publicationName: string): FragmentHead {
  const longDate = formatLongCalendarDate(view.date);
  return {
    title: `${noPageHeading(view.label, longDate)} | ${publicationName}`,
    description: `${publicationName}'s print edition for ${longDate} has no page ${view.label}.`,
    canonicalPath: hrefFor("paper.page", { date: view.date, page: view.label }),
    robots: "noindex",
  };
}
