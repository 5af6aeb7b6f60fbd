import { editionPublishedAt, isPrintDay } from "../src/domain/edition-schedule.ts";
import type { EditionSchedule } from "../src/domain/edition-schedule.ts";
import { addDays } from "../src/domain/publication-dates.ts";
import type { SeedRandom } from "../src/domain/seeded-random.ts";
import type { SeedSink } from "./seed-data.ts";

/** Editions cover the dates of the last 90 days, today included, Monday to Saturday. */
export const EDITION_DAYS = 90;
/** Articles an edition may print: those out in the ten days before it goes to press. */
const WINDOW_MS = 10 * 86_400_000;
/** The lead and five stories in columns. */
const FRONT_PAGE_PLACEMENTS = 6;

/** Books in print order; each prefers articles of its sections and fills up from any. */
const BOOKS = [
  {
    book: "A",
    bookName: "News",
    sections: ["world", "politics", "technology", "science", "opinion"],
  },
  { book: "B", bookName: "Business", sections: ["business"] },
  { book: "C", bookName: "Culture", sections: ["culture"] },
  { book: "D", bookName: "Sport", sections: ["sport"] },
] as const;

/** What an edition needs to know of an article; the generator keeps a bounded number. */
export interface PrintCandidate {
  id: number;
  sectionSlug: string;
  publishedAt: Date;
  /** Shorter than the web headline. */
  printHeadline: string;
}

interface PressRun {
  sink: SeedSink;
  random: SeedRandom;
  ids: { edition: number; page: number; placement: number };
  /** How often each article has been printed: the least printed go in first. */
  printed: Map<number, number>;
}

/**
 * One edition for each Monday-to-Saturday date of the last `EDITION_DAYS` days. Each prints
 * 20-40 articles published before it goes to press (its date's publish hour), so never one
 * from after its date; the front page (A1) leads with the newest of the least printed.
 */
export function generateEditions(
  sink: SeedSink,
  random: SeedRandom,
  context: { today: string; schedule: EditionSchedule; candidates: readonly PrintCandidate[] },
): void {
  const run: PressRun = {
    sink,
    random,
    ids: { edition: 1, page: 1, placement: 1 },
    printed: new Map(),
  };
  for (let back = EDITION_DAYS - 1; back >= 0; back--) {
    const date = addDays(context.today, -back);
    if (!isPrintDay(date)) continue;
    const pressTime = editionPublishedAt(date, context.schedule).getTime();
    const eligible = context.candidates
      .filter((a) => a.publishedAt.getTime() < pressTime)
      .filter((a) => a.publishedAt.getTime() >= pressTime - WINDOW_MS)
      .sort(
        (a, b) =>
          (run.printed.get(a.id) ?? 0) - (run.printed.get(b.id) ?? 0) ||
          b.publishedAt.getTime() - a.publishedAt.getTime() ||
          b.id - a.id,
      );
    printEdition(run, date, eligible);
  }
}

function printEdition(run: PressRun, date: string, eligible: PrintCandidate[]): void {
  const editionId = run.ids.edition++;
  run.sink.add("printEditions", { id: editionId, date });
  const { random } = run;
  const [b, c, d] = [random.int(3, 5), random.int(3, 5), random.int(3, 5)];
  // 20-40 in all: whatever the other books leave, at least two inside pages of news.
  const newsInside = Math.max(2, random.int(20, 40) - FRONT_PAGE_PLACEMENTS - b - c - d);
  const wanted = { A: FRONT_PAGE_PLACEMENTS + newsInside, B: b, C: c, D: d };
  const remaining = [...eligible];
  for (const book of BOOKS) {
    const articles = takeFor(remaining, book.sections, wanted[book.book]);
    let number = 1;
    while (articles.length > 0) {
      const onPage =
        book.book === "A" && number === 1
          ? FRONT_PAGE_PLACEMENTS
          : random.int(2, book.book === "A" ? 4 : 3);
      const pageId = run.ids.page++;
      run.sink.add("printPages", {
        id: pageId,
        editionId,
        book: book.book,
        bookName: book.bookName,
        number,
      });
      articles.splice(0, onPage).forEach((article, index) => {
        run.printed.set(article.id, (run.printed.get(article.id) ?? 0) + 1);
        run.sink.add("printPlacements", {
          id: run.ids.placement++,
          pageId,
          editionId,
          articleId: article.id,
          order: index + 1,
          printHeadline: article.printHeadline,
          // Each page's first story is its lead (the A1 lead is the day's newest least printed).
          isLead: index === 0,
        });
      });
      number++;
    }
  }
}

/** Removes and returns up to `count` articles, the book's own sections first. */
function takeFor(
  remaining: PrintCandidate[],
  sections: readonly string[],
  count: number,
): PrintCandidate[] {
  const own = remaining.filter((a) => sections.includes(a.sectionSlug)).slice(0, count);
  const others = remaining.filter((a) => !own.includes(a)).slice(0, count - own.length);
  const taken = [...own, ...others];
  for (const article of taken) remaining.splice(remaining.indexOf(article), 1);
  return taken;
}
