import type { FrontPageCuration } from "../contract/front-page-contract.ts";
import type { Database } from "../db/database.ts";
import { findStoriesByIds } from "../db/front-page-queries.ts";
import { listSections } from "../db/taxonomy-queries.ts";
import type { StoredCuration } from "../domain/front-page-curation.ts";
import { ApiError } from "./api-errors.ts";

/** A story named where it may not be: 422 `invalid_front_page`, naming the field. */
function refuse(field: string, message: string): never {
  throw new ApiError("invalid_front_page", message, { field });
}

interface Named {
  field: string;
  id: number;
  /** For a section pick: the section's id, which the story must belong to. */
  sectionId?: number;
  sectionName?: string;
}

/**
 * The curation an editor sent, checked against the database and turned into what is stored:
 * every story exists and is published (live or scheduled: a scheduled pin shows once it is
 * live), no story is in two of the lead and top slots or twice in a block, every block names a
 * section of the site once, and every pick belongs to its section.
 */
export async function checkCuration(
  db: Database,
  curation: FrontPageCuration,
): Promise<StoredCuration> {
  const named: Named[] = [];
  const slots = [curation.lead, ...curation.top];
  slots.forEach((id, index) => {
    if (id !== null)
      named.push({ field: index === 0 ? "lead" : `top.${index - 1}`, id: Number(id) });
  });
  const seenSlots = new Set<number>();
  for (const { field, id } of named) {
    if (seenSlots.has(id))
      refuse(field, `Story ${id} is already in another slot of the front page.`);
    seenSlots.add(id);
  }

  const sectionsBySlug = new Map(
    (await listSections(db)).map((section) => [section.slug, section]),
  );
  const picks: Record<string, number[]> = {};
  const seenSections = new Set<string>();
  for (const block of curation.sections) {
    const field = `sections.${block.section}`;
    const section = sectionsBySlug.get(block.section);
    if (!section) refuse(field, `There is no section “${block.section.slice(0, 100)}”.`);
    if (seenSections.has(block.section))
      refuse(field, `The section “${section.name}” is listed twice.`);
    seenSections.add(block.section);
    if (block.stories === null) continue;
    const ids = block.stories.map(Number);
    if (new Set(ids).size !== ids.length) {
      refuse(field, `A story is picked twice in the section “${section.name}”.`);
    }
    for (const id of ids)
      named.push({ field, id, sectionId: section.id, sectionName: section.name });
    picks[String(section.id)] = ids;
  }

  const stories = new Map(
    (
      await findStoriesByIds(
        db,
        named.map((entry) => entry.id),
      )
    ).map((row) => [row.id, row]),
  );
  for (const { field, id, sectionId, sectionName } of named) {
    const story = stories.get(id);
    if (!story) refuse(field, `There is no story ${id}.`);
    if (story.status !== "published") {
      refuse(field, `Story ${id} is not published: only published stories go on the front page.`);
    }
    if (sectionId !== undefined && story.sectionId !== sectionId) {
      refuse(field, `Story ${id} is not in the section “${sectionName ?? ""}”.`);
    }
  }
  return {
    lead: slots[0] === null || slots[0] === undefined ? null : Number(slots[0]),
    top: curation.top.map((id) => (id === null ? null : Number(id))),
    sections: picks,
  };
}
