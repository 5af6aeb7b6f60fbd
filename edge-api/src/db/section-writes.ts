import { eq } from "drizzle-orm";
import { checkSectionSlug, type SectionSlugProblem } from "../domain/section-slugs.ts";
import type { Database } from "./database.ts";
import { sections, type SectionRow } from "./schema.ts";

/**
 * The only ways a section is made or renamed. The database no longer refuses reserved slugs
 * (migration 0007): this does, from the list derived from the shell's route table, so every
 * writer (the newsroom's section screens, imports) gets the same answer (decision 0011).
 */
export type SectionWrite =
  { ok: true; section: SectionRow } | { ok: false; problem: SectionSlugProblem };

export async function createSection(
  db: Database,
  input: { slug: string; name: string; description?: string; position: number },
): Promise<SectionWrite> {
  const problem = checkSectionSlug(input.slug);
  if (problem) return { ok: false, problem };
  const [section] = await db.insert(sections).values(input).returning();
  if (!section) throw new Error("inserting a section returned no row");
  return { ok: true, section };
}

export async function renameSection(db: Database, id: number, slug: string): Promise<SectionWrite> {
  const problem = checkSectionSlug(slug);
  if (problem) return { ok: false, problem };
  const [section] = await db.update(sections).set({ slug }).where(eq(sections.id, id)).returning();
  if (!section) throw new Error(`no section ${id}`);
  return { ok: true, section };
}
