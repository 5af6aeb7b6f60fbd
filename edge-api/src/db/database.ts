import { drizzle } from "drizzle-orm/d1";
import type { DrizzleD1Database } from "drizzle-orm/d1";

/** The handle every query function takes first; the caller owns batching. */
export type Database = DrizzleD1Database;

export function createDatabase(d1: D1Database): Database {
  return drizzle(d1);
}
