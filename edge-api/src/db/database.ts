import { drizzle } from "drizzle-orm/d1";
import type { DrizzleD1Database } from "drizzle-orm/d1";

/**
 * The handle every query function takes first; the caller owns batching. `$client` is the D1
 * binding itself (`prepared-batch.ts` binds statements built once to it).
 */
export type Database = DrizzleD1Database & { $client: D1Database };

export function createDatabase(d1: D1Database): Database {
  return drizzle(d1);
}

/** A failed query's messages, its causes' included (D1 wraps SQLite's error in drizzle's). */
export function causeText(error: unknown): string {
  let text = "";
  for (let current = error; current instanceof Error; current = current.cause) {
    text += ` ${current.message}`;
  }
  return text;
}

/** True when a failed write lost a race for a unique value (its batch changed nothing). */
export function isUniqueRace(error: unknown): boolean {
  return /UNIQUE constraint failed/.test(causeText(error));
}
