import { collectSeed } from "../../seed/seed-collect.ts";
import type { SeedData, SeedOptions, SeedTable } from "../../seed/seed-data.ts";
import { SeedSqlWriter } from "../../seed/seed-sql.ts";

/**
 * Loads the generated seed into a test database with one D1 batch; returns what it loaded.
 * `skip` and `olderSchema` fit it to an older schema (tables and columns it lacks yet).
 */
export async function seedDatabase(
  d1: D1Database,
  options: SeedOptions,
  skip: readonly SeedTable[] = [],
  olderSchema: (data: SeedData) => SeedData = (data) => data,
): Promise<SeedData> {
  const data = olderSchema(collectSeed(options));
  const statements: string[] = [];
  const writer = new SeedSqlWriter((statement) => statements.push(statement), skip);
  for (const table of Object.keys(data) as (keyof SeedData)[]) {
    for (const row of data[table]) writer.add(table, row);
  }
  writer.flush();
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
  return data;
}
