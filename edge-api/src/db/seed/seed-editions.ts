import { addDays, startOfDateInTimeZone } from "../../domain/publication-dates.ts";
import type { SeedRandom } from "../../domain/seeded-random.ts";
import type { SeedSink } from "./seed-data.ts";

export const EDITION_DAYS = 7;
const BOOKS = [
  { book: "A", bookName: "News" },
  { book: "B", bookName: "Business" },
] as const;
const PAGES_PER_BOOK = 2;

/** What an edition needs to know of a recent article; older ones are never kept in memory. */
export interface PrintCandidate {
  id: number;
  sectionSlug: string;
  publishedAt: Date;
  printHeadline: string;
}

/**
 * One edition for each of the last seven dates (today included), published at the start of
 * its date in the publication's time zone, so it only carries articles that were out before.
 */
export function generateEditions(
  sink: SeedSink,
  random: SeedRandom,
  context: { today: string; timeZone: string; candidates: readonly PrintCandidate[] },
): void {
  const newestFirst = [...context.candidates].sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id,
  );
  let pageId = 1;
  let placementId = 1;
  for (let back = EDITION_DAYS - 1; back >= 0; back--) {
    const date = addDays(context.today, -back);
    const publishedAt = startOfDateInTimeZone(date, context.timeZone);
    const editionId = EDITION_DAYS - back;
    sink.add("printEditions", { id: editionId, date, publishedAt });

    const eligible = newestFirst.filter((a) => a.publishedAt < publishedAt).slice(0, 40);
    const pools = {
      A: eligible.filter((a) => a.sectionSlug !== "business"),
      B: eligible.filter((a) => a.sectionSlug === "business"),
    };
    for (const { book, bookName } of BOOKS) {
      for (let number = 1; number <= PAGES_PER_BOOK; number++) {
        sink.add("printPages", { id: pageId, editionId, book, bookName, number });
        const wanted = random.int(2, 3);
        for (let order = 1; order <= wanted; order++) {
          const article = pools[book].shift() ?? pools[book === "A" ? "B" : "A"].shift();
          if (!article) break;
          const other = book === "A" ? pools.B : pools.A;
          if (other.includes(article)) other.splice(other.indexOf(article), 1);
          sink.add("printPlacements", {
            id: placementId++,
            pageId,
            articleId: article.id,
            order,
            printHeadline: article.printHeadline,
          });
        }
        pageId++;
      }
    }
  }
}
