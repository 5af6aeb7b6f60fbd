import { eq, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { rateLimits } from "./account-schema.ts";

export interface WindowCount {
  count: number;
  windowStart: Date;
}

/**
 * Adds one to `key`'s counter in a fixed window, starting a new window when the old one has
 * passed. One statement, so concurrent requests cannot lose a count.
 */
export async function countInWindow(
  db: Database,
  key: string,
  now: Date,
  windowMs: number,
): Promise<WindowCount> {
  const stale = now.getTime() - windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${stale} THEN ${now.getTime()} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error("rate limit upsert returned nothing");
  return row;
}

/** `key`'s count in its current window, without adding to it (0 once the window passed). */
export async function readCount(
  db: Database,
  key: string,
  now: Date,
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row && row.windowStart.getTime() > now.getTime() - windowMs ? row.count : 0;
}

/** Takes back one count (a login that succeeded should not use up an address's allowance). */
export async function uncount(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearCount(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
