import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSeed } from "../src/db/seed/seed-generator.ts";
import { seedToSql } from "../src/db/seed/seed-sql.ts";

// Writes .generated/seed.sql for `wrangler d1 execute DB --local --file .generated/seed.sql`.
const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(packageRoot, ".generated", "seed.sql");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, seedToSql(generateSeed({ now: new Date() })));
console.log(`Seed written to ${target}`);
