import { eq, max, sql } from "drizzle-orm";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { articles, contentVersion } from "./schema.ts";

export interface ContentVersionRow {
  /** Moves on every write to content (triggers of migration 0005). */
  counter: number;
  /** The newest publication time a reader can see at `now`: moves when a scheduled article goes live. */
  newestVisible: number | null;
}

/** One indexed lookup: the counter row, and the newest visible article by `(status, published_at)`. */
export async function readContentVersion(db: Database, now: Date): Promise<ContentVersionRow> {
  const newestVisible = db
    .select({ value: max(articles.publishedAt) })
    .from(articles)
    .where(isVisibleArticle(now));
  const [row] = await db
    .select({
      counter: contentVersion.counter,
      newestVisible: sql<number | null>`(${newestVisible})`.mapWith((value: unknown) =>
        value === null ? null : Number(value),
      ),
    })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row ?? { counter: 0, newestVisible: null };
}
