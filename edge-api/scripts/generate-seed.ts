import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { dateInTimeZone, isCalendarDate } from "../src/domain/publication-dates.ts";
import { DEFAULT_ARTICLE_COUNT, generateSeed } from "../src/db/seed/seed-generator.ts";
import { SEED_SQL_HEADER, SeedSqlWriter } from "../src/db/seed/seed-sql.ts";

/**
 * Writes the demo publication as SQL for `wrangler d1 execute DB --local --file ...`.
 *
 *   SEED_ARTICLES  published articles (default 650; the benchmark uses 100000)
 *   SEED_TODAY     the publication date to generate for (default: today in Europe/London)
 *
 * Output is `.generated/seed.sql` when it fits in one part, otherwise `.generated/seed-001.sql`,
 * `seed-002.sql`, ... to be applied in name order. Statements stream to disk as they are made.
 */
const PART_BYTES = 24 * 1024 * 1024;
const TIME_ZONE = "Europe/London";

function readArticleCount(): number {
  const raw = process.env.SEED_ARTICLES;
  if (raw === undefined || raw === "") return DEFAULT_ARTICLE_COUNT;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new RangeError(`SEED_ARTICLES must be a whole number from 1 to 1000000, not ${raw}`);
  }
  return count;
}

function readToday(): string {
  const raw = process.env.SEED_TODAY;
  if (raw === undefined || raw === "") return dateInTimeZone(new Date(), TIME_ZONE);
  if (!isCalendarDate(raw)) throw new RangeError(`SEED_TODAY must be YYYY-MM-DD, not ${raw}`);
  return raw;
}

const outDir = fileURLToPath(new URL("../.generated/", import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const name of readdirSync(outDir)) {
  if (/^seed(-\d{3})?\.sql$/.test(name)) rmSync(join(outDir, name));
}

const partName = (index: number) => `seed-${String(index).padStart(3, "0")}.sql`;
let part = 0;
let partBytes = 0;
let fd = -1;
let pending: string[] = [];
let pendingBytes = 0;

function drain(): void {
  if (pending.length > 0) writeSync(fd, pending.join(""));
  pending = [];
  pendingBytes = 0;
}

function emit(statement: string): void {
  const line = `${statement}\n`;
  const bytes = Buffer.byteLength(line);
  if (fd === -1 || partBytes + bytes > PART_BYTES) {
    if (fd !== -1) {
      drain();
      closeSync(fd);
    }
    fd = openSync(join(outDir, partName(++part)), "w");
    writeSync(fd, `${SEED_SQL_HEADER}\n`);
    partBytes = 0;
  }
  pending.push(line);
  pendingBytes += bytes;
  partBytes += bytes;
  if (pendingBytes > 1024 * 1024) drain();
}

const started = Date.now();
const today = readToday();
const writer = new SeedSqlWriter(emit);
const summary = generateSeed({ today, articles: readArticleCount(), timeZone: TIME_ZONE }, writer);
writer.flush();
drain();
closeSync(fd);
const files = part === 1 ? ["seed.sql"] : Array.from({ length: part }, (_, i) => partName(i + 1));
if (part === 1) {
  // One part: keep the single, well-known name.
  renameSync(join(outDir, partName(1)), join(outDir, "seed.sql"));
}
console.log(
  `Seed for ${today}: ${summary.published} published, ${summary.drafts} drafts, ` +
    `${summary.scheduled} scheduled, ${summary.images} images -> ${files.join(", ")} ` +
    `in .generated/ (${Date.now() - started} ms)`,
);
