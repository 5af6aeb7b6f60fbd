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
  PlacementView,
} from "../ui/paper-view.ts";

/** Shapes the API's edition for the view: books and pages in print order, front page picked out. */

function byOrder(a: EditionPlacement, b: EditionPlacement): number {
  return a.order - b.order;
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
      placements: [...page.placements]
        .sort(byOrder)
        .map((placement) => toPlacementView(placement, page.label)),
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
  const [lead, ...columns] = page?.placements ?? [];
  if (!page || !lead) return null;
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
