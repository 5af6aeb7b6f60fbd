import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { generateSeed } from "../seed/seed-generator.ts";
import { SeedSqlWriter } from "../seed/seed-sql.ts";
import { readSeedOptions, SEED_TIME_ZONE } from "./seed-options.ts";

/**
 * Fills an already migrated SQLite file (a local D1 database, with no workerd using it) with
 * the demo publication, in one transaction:
 *
 *   node scripts/load-seed-sqlite.ts --database FILE [--articles N] [--today YYYY-MM-DD]
 *
 * The same statements as `generate-seed.ts` writes, executed in-process instead of through
 * `wrangler d1 execute --file`: 100,000 articles take a couple of minutes instead of a quarter
 * of an hour. The benchmark's scale stack uses it (scripts/bench-scale.ts).
 */
const options = readSeedOptions();
if (options.database === undefined || !existsSync(options.database)) {
  throw new Error("--database must name an existing, migrated SQLite file");
}
const started = Date.now();
const db = new DatabaseSync(options.database);
// Only this loader's writes are at stake: a crash leaves a database the marker never vouches for.
db.exec("PRAGMA synchronous = OFF");
db.exec("BEGIN");
try {
  const writer = new SeedSqlWriter((statement) => db.exec(statement));
  const summary = generateSeed(
    { today: options.today, articles: options.articles, timeZone: SEED_TIME_ZONE },
    writer,
  );
  writer.flush();
  db.exec("COMMIT");
  console.log(
    `Loaded the seed for ${options.today} into ${options.database}: ${summary.published} published, ` +
      `${summary.drafts} drafts, ${summary.scheduled} scheduled (${Date.now() - started} ms)`,
  );
} catch (error) {
  db.exec("ROLLBACK");
  throw error;
} finally {
  db.close();
}
