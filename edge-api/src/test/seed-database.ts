import { generateSeed } from "../db/seed/seed-generator.ts";
import type { SeedData } from "../db/seed/seed-data.ts";
import { seedToStatements } from "../db/seed/seed-sql.ts";

/** Loads the generated seed into a test database with one D1 batch; returns what it loaded. */
export async function seedDatabase(d1: D1Database, now: Date): Promise<SeedData> {
  const data = generateSeed({ now });
  await d1.batch(seedToStatements(data).map((statement) => d1.prepare(statement)));
  return data;
}
