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
import { generateSeed } from "../seed/seed-generator.ts";
import { SEED_SQL_HEADER, SeedSqlWriter } from "../seed/seed-sql.ts";
import { generateSeedPhotos } from "./generate-seed-photos.ts";
import { readSeedOptions, SEED_TIME_ZONE } from "./seed-options.ts";

/**
 * Writes the demo publication as SQL for `wrangler d1 execute DB --local --file ...`.
 * Size and date: `--articles N` / `SEED_ARTICLES` (default 650), `--today` / `SEED_TODAY`
 * (see seed-options.ts). `load-seed-sqlite.ts` loads the same rows straight into a SQLite file.
 *
 * Output is `.generated/seed.sql` when it fits in one part, otherwise `.generated/seed-001.sql`,
 * `seed-002.sql`, ... to be applied in name order. Statements stream to disk as they are made.
 */
const PART_BYTES = 24 * 1024 * 1024;
const { articles, today } = readSeedOptions();

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
const writer = new SeedSqlWriter(emit);
// The photographs first: their media rows carry the files' sizes.
const photoBytes = await generateSeedPhotos();
const summary = generateSeed({ today, articles, timeZone: SEED_TIME_ZONE, photoBytes }, writer);
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
