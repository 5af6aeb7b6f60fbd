import { addDays, dateInTimeZone, startOfDateInTimeZone } from "../../domain/publication-dates.ts";
import type { SeedData } from "./seed-data.ts";
import type { SeedRandom } from "./seed-random.ts";

export const EDITION_DAYS = 7;
const BOOKS = [
  { book: "A", bookName: "News" },
  { book: "B", bookName: "Business" },
] as const;
const PAGES_PER_BOOK = 2;

interface EditionContext {
  now: Date;
  timeZone: string;
  printHeadlines: ReadonlyMap<number, string>;
}

/**
 * One edition for each of the last seven dates (today included), published at the start of
 * its date in the publication's time zone, so it only carries articles that were out before.
 */
export function generateEditions(
  data: SeedData,
  random: SeedRandom,
  context: EditionContext,
): void {
  const today = dateInTimeZone(context.now, context.timeZone);
  const businessSectionId = data.sections.find((s) => s.slug === "business")?.id;
  let pageId = 1;
  let placementId = 1;
  for (let back = EDITION_DAYS - 1; back >= 0; back--) {
    const date = addDays(today, -back);
    const publishedAt = startOfDateInTimeZone(date, context.timeZone);
    const editionId = EDITION_DAYS - back;
    data.printEditions.push({ id: editionId, date, publishedAt });

    const eligible = data.articles
      .filter((a) => a.status === "published" && a.publishedAt && a.publishedAt < publishedAt)
      .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0));
    const pools = {
      A: eligible.filter((a) => a.sectionId !== businessSectionId),
      B: eligible.filter((a) => a.sectionId === businessSectionId),
    };
    for (const { book, bookName } of BOOKS) {
      for (let number = 1; number <= PAGES_PER_BOOK; number++) {
        data.printPages.push({ id: pageId, editionId, book, bookName, number });
        const wanted = random.int(2, 3);
        for (let order = 1; order <= wanted; order++) {
          const article = pools[book].shift() ?? pools[book === "A" ? "B" : "A"].shift();
          if (!article?.id) break;
          const other = book === "A" ? pools.B : pools.A;
          other.splice(other.indexOf(article), other.includes(article) ? 1 : 0);
          data.printPlacements.push({
            id: placementId++,
            pageId,
            articleId: article.id,
            order,
            printHeadline: context.printHeadlines.get(article.id) ?? article.headline,
          });
        }
        pageId++;
      }
    }
  }
}
