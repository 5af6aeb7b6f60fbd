import { parseArgs } from "node:util";
import { dateInTimeZone, isCalendarDate } from "../src/domain/publication-dates.ts";
import { DEFAULT_ARTICLE_COUNT } from "../seed/seed-generator.ts";

export const SEED_TIME_ZONE = "Europe/London";

/**
 * The size and date of the demo publication, shared by the seed scripts:
 *
 *   --articles N / SEED_ARTICLES=N   published articles (default 650, 1 to 1,000,000)
 *   --today YYYY-MM-DD / SEED_TODAY  the publication date (default: today in Europe/London)
 *
 *   --database FILE                  (load-seed-sqlite.ts only) the SQLite file to fill
 *
 * A command-line flag beats the environment variable.
 */
export function readSeedOptions(
  argv: string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): { articles: number; today: string; database: string | undefined } {
  const { values } = parseArgs({
    args: argv,
    options: {
      articles: { type: "string" },
      today: { type: "string" },
      database: { type: "string" },
    },
    strict: true,
  });
  return {
    articles: readArticleCount(values.articles ?? env.SEED_ARTICLES),
    today: readToday(values.today ?? env.SEED_TODAY),
    database: values.database,
  };
}

function readArticleCount(raw: string | undefined): number {
  if (raw === undefined || raw === "") return DEFAULT_ARTICLE_COUNT;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new RangeError(`The article count must be a whole number from 1 to 1000000, not ${raw}`);
  }
  return count;
}

function readToday(raw: string | undefined): string {
  if (raw === undefined || raw === "") return dateInTimeZone(new Date(), SEED_TIME_ZONE);
  if (!isCalendarDate(raw)) throw new RangeError(`The seed date must be YYYY-MM-DD, not ${raw}`);
  return raw;
}
