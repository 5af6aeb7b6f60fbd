import type {
  EditionPage,
  EditionPlacement,
  EditionResponse,
} from "../contract/edition-contract.ts";
import { anArticleCard, next } from "./content-factories.ts";

/** Editions as the API serves them; each test overrides only what it asserts on. */

export function aPlacement(overrides: Partial<EditionPlacement> = {}): EditionPlacement {
  const n = next();
  return {
    order: n,
    printHeadline: `Print headline ${n}`,
    isLead: false,
    article: anArticleCard({ image: null }),
    ...overrides,
  };
}

export function anEditionPage(
  book: string,
  number: number,
  placements: EditionPlacement[],
): EditionPage {
  return {
    book,
    bookName: book === "A" ? "News" : `Book ${book}`,
    number,
    label: `${book}${number}`,
    placements,
  };
}

export function anEdition(date: string, overrides: Partial<EditionResponse> = {}): EditionResponse {
  return {
    edition: {
      date,
      pages: [
        anEditionPage("A", 1, [aPlacement(), aPlacement(), aPlacement()]),
        anEditionPage("A", 2, [aPlacement()]),
        anEditionPage("B", 1, [aPlacement()]),
      ],
    },
    previousDate: null,
    nextDate: null,
    ...overrides,
  };
}
