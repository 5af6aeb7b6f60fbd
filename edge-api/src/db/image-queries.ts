import { eq } from "drizzle-orm";
import type { Database } from "./database.ts";
import { images } from "./schema.ts";
import type { ImageRow } from "./schema.ts";

export async function findImageById(db: Database, id: number): Promise<ImageRow | undefined> {
  const rows = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return rows[0];
}
