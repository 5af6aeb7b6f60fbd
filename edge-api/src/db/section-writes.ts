import { eq, sql } from "drizzle-orm";
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

/**
 * The same checks for writes that go into a caller's batch (the newsroom's, with its audit
 * entry): the statement, not yet run, or the slug's problem.
 */
export function sectionInsertStatement(
  db: Database,
  input: { slug: string; name: string; description: string },
) {
  const problem = checkSectionSlug(input.slug);
  if (problem) return { ok: false as const, problem };
  const position = sql<number>`(SELECT coalesce(max(${sections.position}), 0) + 1 FROM ${sections})`;
  const statement = db
    .insert(sections)
    .values({ ...input, position })
    .returning();
  return { ok: true as const, statement };
}

export function sectionUpdateStatement(
  db: Database,
  id: number,
  input: { slug: string; name: string; description: string },
) {
  const problem = checkSectionSlug(input.slug);
  if (problem) return { ok: false as const, problem };
  const statement = db.update(sections).set(input).where(eq(sections.id, id)).returning();
  return { ok: true as const, statement };
}
