import type { EditionPlacement, EditionResponse } from "edge-api/types";
import type { BookView, EditionView, FrontPageView, PlacementView } from "../ui/paper-view.ts";

/** Shapes the API's edition for the view: books and pages in print order, front page picked out. */

function toPlacementView(placement: EditionPlacement): PlacementView {
  return {
    printHeadline: placement.printHeadline,
    standfirst: placement.article.standfirst,
    path: placement.article.path,
    sectionName: placement.article.section.name,
  };
}

function byOrder(a: EditionPlacement, b: EditionPlacement): number {
  return a.order - b.order;
}

export function toEditionView(response: EditionResponse, mode: EditionView["mode"]): EditionView {
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
      placements: [...page.placements].sort(byOrder).map(toPlacementView),
    });
  }
  return {
    mode,
    date: response.edition.date,
    previousDate: response.previousDate,
    nextDate: response.nextDate,
    frontPage: frontPageOf(books),
    books,
  };
}

/** Page 1 of the first book; its first placement is the lead story. */
function frontPageOf(books: BookView[]): FrontPageView | null {
  const page = books[0]?.pages[0];
  const [lead, ...columns] = page?.placements ?? [];
  if (!page || !lead) return null;
  return { label: page.label, lead, columns };
}

/** Every placement in print order, for the table of contents in JSON-LD. */
export function placementsInOrder(view: EditionView): PlacementView[] {
  return view.books.flatMap((book) => book.pages.flatMap((page) => page.placements));
}
