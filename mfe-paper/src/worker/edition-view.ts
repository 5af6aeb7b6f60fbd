import {
  mediaOgPath,
  shareCardPath,
  type ArticleCard,
  type EditionPlacement,
  type EditionResponse,
  type NearestEditionsResponse,
} from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import { photoSrcsets, siteImageOf } from "shell/fragment-kit/images";
import type {
  BookView,
  CalendarView,
  EditionView,
  FrontPageView,
  NoEditionView,
  PageView,
  PlacementView,
  PrintPageView,
} from "../ui/paper-view.ts";

/** Shapes the API's edition for the view: books and pages in print order, front page picked out. */

/**
 * Placements in print order, the page's lead first: the one the print desk flags `isLead` when
 * the API says so (issue 17), else the first in order.
 */
function inPrintOrder(placements: readonly EditionPlacement[]): EditionPlacement[] {
  const ordered = [...placements].sort((a, b) => a.order - b.order);
  const lead = ordered.findIndex((placement) => isFlaggedLead(placement));
  if (lead > 0) ordered.unshift(...ordered.splice(lead, 1));
  return ordered;
}

function isFlaggedLead(placement: EditionPlacement): boolean {
  return "isLead" in placement && placement.isLead === true;
}

/** The web article a placement links to, from its section, category and slug. */
function articleHref(article: ArticleCard): string {
  return hrefFor("content.article", {
    section: article.section.slug,
    category: article.category.slug,
    slug: article.slug,
  });
}

function toPlacementView(placement: EditionPlacement, page: string): PlacementView {
  return {
    printHeadline: placement.printHeadline,
    standfirst: placement.article.standfirst,
    path: articleHref(placement.article),
    sectionName: placement.article.section.name,
    page,
  };
}

export function toEditionView(
  response: EditionResponse,
  context: Pick<EditionView, "mode" | "publicationName" | "calendar">,
): EditionView {
  const pages = [...response.edition.pages].sort(
    (a, b) => a.book.localeCompare(b.book, "en") || a.number - b.number,
  );
  const books: BookView[] = [];
  for (const page of pages) {
    let book = books.at(-1);
    if (!book || book.letter !== page.book) {
      book = { letter: page.book, name: page.bookName, pages: [] };
      books.push(book);
    }
    book.pages.push({
      label: page.label,
      placements: inPrintOrder(page.placements).map((placement) =>
        toPlacementView(placement, page.label),
      ),
    });
  }
  return {
    view: "edition",
    mode: context.mode,
    publicationName: context.publicationName,
    date: response.edition.date,
    previousDate: response.previousDate,
    nextDate: response.nextDate,
    frontPage: frontPageOf(response, books),
    books,
    calendar: context.calendar,
  };
}

/**
 * How wide the front page's lead image is shown (fragment.css): the paper's column (at most
 * 72rem, padded) from 64rem two thirds of it, beside the other stories.
 */
const LEAD_SIZES =
  "(min-width: 80rem) 44rem, (min-width: 64rem) calc(62vw - 4rem), calc(100vw - 5rem)";

/** Page 1 of the first book; its first placement is the lead story, shown with its image. */
function frontPageOf(response: EditionResponse, books: BookView[]): FrontPageView | null {
  const page = books[0]?.pages[0];
  return page ? pageLayoutOf(response, page) : null;
}

/**
 * A page laid out with its lead (the first placement) large, with the lead article's image,
 * and the other stories after it: the front page, and each page's own view (issue 17).
 */
export function pageLayoutOf(response: EditionResponse, page: PageView): FrontPageView | null {
  const [lead, ...columns] = page.placements;
  if (!lead) return null;
  const image = response.edition.pages
    .flatMap((candidate) => candidate.placements)
    .find((placement) => articleHref(placement.article) === lead.path)?.article.image;
  // The kit's image check, as the content fragment's: a path not on this site is dropped.
  const leadImage = siteImageOf(image);
  const srcsets = leadImage ? photoSrcsets(image) : null;
  return {
    label: page.label,
    lead,
    leadImage,
    leadPicture: srcsets ? { ...srcsets, sizes: LEAD_SIZES } : null,
    shareImage:
      leadImage && image?.media ? mediaOgPath(image.media) : shareCardPath({ kind: "home" }),
    columns,
  };
}

/**
 * One printed page of the edition (`paper.page`), or null when the edition has no page with
 * that label. Previous and next are its neighbours in print order, across books.
 */
export function toPrintPageView(
  response: EditionResponse,
  label: string,
  publicationName: string,
): PrintPageView | null {
  const books = toEditionView(response, { mode: "dated", publicationName, calendar: null }).books;
  const pages = books.flatMap((book) => book.pages.map((page) => ({ book, page })));
  const at = pages.findIndex(({ page }) => page.label === label);
  const found = pages[at];
  if (!found) return null;
  const date = response.edition.date;
  const linkTo = (neighbour: { page: PageView } | undefined) =>
    neighbour
      ? {
          label: neighbour.page.label,
          href: hrefFor("paper.page", { date, page: neighbour.page.label }),
        }
      : null;
  return {
    view: "page",
    publicationName,
    date,
    label,
    bookName: found.book.name,
    stories: pageLayoutOf(response, found.page),
    previousPage: linkTo(pages[at - 1]),
    nextPage: linkTo(pages[at + 1]),
  };
}

export function toNoEditionView(
  nearest: NearestEditionsResponse,
  calendar: CalendarView | null,
  /** Today in the publication's time zone. */
  today: string,
): NoEditionView {
  return {
    view: "no-edition",
    date: nearest.date,
    // Calendar dates in YYYY-MM-DD compare as strings.
    isFuture: nearest.date > today,
    previousDate: nearest.previousDate,
    nextDate: nearest.nextDate,
    calendar,
  };
}
