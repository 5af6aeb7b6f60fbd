import type { PrintPageRow, PrintPlacementRow } from "../db/schema.ts";
import type { ArticleCard } from "../contract/article-contract.ts";
import type { EditionPage, EditionResponse } from "../contract/edition-contract.ts";

export function printPageLabel(book: string, number: number): string {
  return `${book}${number}`;
}

export interface EditionParts {
  date: string;
  pages: readonly PrintPageRow[];
  placements: readonly PrintPlacementRow[];
  /** Cards of the visible placed articles; placements of anything else are left out. */
  cardsByArticleId: ReadonlyMap<number, ArticleCard>;
  previousDate: string | null;
  nextDate: string | null;
}

export function toEditionResponse(parts: EditionParts): EditionResponse {
  const pages = [...parts.pages].sort(
    (a, b) => a.book.localeCompare(b.book) || a.number - b.number,
  );
  const editionPages: EditionPage[] = pages.map((page) => ({
    book: page.book,
    bookName: page.bookName,
    number: page.number,
    label: printPageLabel(page.book, page.number),
    placements: parts.placements
      .filter((placement) => placement.pageId === page.id)
      .sort((a, b) => a.order - b.order)
      .flatMap((placement) => {
        const article = parts.cardsByArticleId.get(placement.articleId);
        return article
          ? [
              {
                order: placement.order,
                printHeadline: placement.printHeadline,
                isLead: placement.isLead,
                article,
              },
            ]
          : [];
      }),
  }));
  return {
    edition: { date: parts.date, pages: editionPages },
    previousDate: parts.previousDate,
    nextDate: parts.nextDate,
  };
}
