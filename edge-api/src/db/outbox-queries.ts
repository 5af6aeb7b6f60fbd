import { desc, eq } from "drizzle-orm";
import type { Database } from "./database.ts";
import { outbox } from "./account-schema.ts";
import type { OutboxRow } from "./account-schema.ts";

export async function insertOutboxMessage(
  db: Database,
  message: Omit<OutboxRow, "id">,
): Promise<void> {
  await db.insert(outbox).values(message);
}

/** Newest first; `to` narrows to one address. */
export function listOutboxMessages(db: Database, to?: string, limit = 100): Promise<OutboxRow[]> {
  const query = db.select().from(outbox);
  const filtered = to === undefined ? query : query.where(eq(outbox.to, to));
  return filtered.orderBy(desc(outbox.id)).limit(limit);
}

export async function findOutboxMessage(db: Database, id: number): Promise<OutboxRow | undefined> {
  const rows = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return rows[0];
}
