import type { FragmentHead } from "shell/contract";
import { formatEditionDate, formatEditionDateLong } from "../ui/edition-date-format.ts";
import type { EditionView } from "../ui/paper-view.ts";
import { editionPath } from "./edition-dates.ts";
import { placementsInOrder } from "./edition-view.ts";
import { PUBLICATION_NAME } from "./paper-settings.ts";

/** Head data of an edition page. Both routes share the dated page's canonical URL. */
export function editionHead(view: EditionView, origin: string): FragmentHead {
  const canonicalPath = editionPath(view.date);
  const url = new URL(canonicalPath, origin).toString();
  const dateText = formatEditionDate(view.date);
  const title =
    view.mode === "today"
      ? `Today's paper, ${dateText} | ${PUBLICATION_NAME}`
      : `The paper for ${dateText} | ${PUBLICATION_NAME}`;
  const lead = view.frontPage?.lead.printHeadline;
  const description =
    `The print edition of ${PUBLICATION_NAME} for ${formatEditionDateLong(view.date)}` +
    (lead ? `: ${lead}, and every page in order.` : ", page by page.");
  return {
    title,
    description: description.slice(0, 500),
    canonicalPath,
    meta: [
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: PUBLICATION_NAME },
      { property: "og:title", content: title },
      { property: "og:description", content: description.slice(0, 500) },
      { property: "og:url", content: url },
      { name: "twitter:card", content: "summary" },
    ],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "PublicationIssue",
        name: `${PUBLICATION_NAME}, ${dateText}`,
        datePublished: view.date,
        url,
        isPartOf: { "@type": "Periodical", name: PUBLICATION_NAME },
        hasPart: placementsInOrder(view).map((placement) => ({
          "@type": "NewsArticle",
          headline: placement.printHeadline,
          url: new URL(placement.path, origin).toString(),
        })),
      },
    ],
  };
}
