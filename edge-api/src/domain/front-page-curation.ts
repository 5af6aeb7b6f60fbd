import { FRONT_PAGE_PER_SECTION, FRONT_PAGE_TOP_SLOTS } from "../contract/front-page-contract.ts";

/**
 * The front page's curation as stored (`front_page.curation`, decision 0020): story ids by slot,
 * null for an automatic slot, and the picked stories of the sections that are not automatic
 * (keyed by section id). No row, or a value this code cannot read, is the automatic page.
 */
export interface StoredCuration {
  lead: number | null;
  top: (number | null)[];
  sections: Record<string, number[]>;
}

export const AUTOMATIC: StoredCuration = {
  lead: null,
  top: Array<null>(FRONT_PAGE_TOP_SLOTS).fill(null),
  sections: {},
};

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && Number(value) > 0;

/** Reads the stored JSON; anything malformed counts as automatic, never as an error. */
export function parseStoredCuration(json: string | null | undefined): StoredCuration {
  if (!json) return AUTOMATIC;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return AUTOMATIC;
  }
  if (typeof value !== "object" || value === null) return AUTOMATIC;
  const { lead, top, sections } = value as Record<string, unknown>;
  const slots = Array.isArray(top) ? top : [];
  const picks: Record<string, number[]> = {};
  if (typeof sections === "object" && sections !== null) {
    for (const [sectionId, ids] of Object.entries(sections)) {
      if (!Array.isArray(ids)) continue;
      const valid = ids.filter(isId).slice(0, FRONT_PAGE_PER_SECTION);
      if (valid.length > 0) picks[sectionId] = valid;
    }
  }
  return {
    lead: isId(lead) ? lead : null,
    top: Array.from({ length: FRONT_PAGE_TOP_SLOTS }, (_, i) => {
      const id: unknown = slots[i];
      return isId(id) ? id : null;
    }),
    sections: picks,
  };
}

/** Every story id the curation names (for one lookup by id). */
export function curatedIds(curation: StoredCuration): number[] {
  const ids = [curation.lead, ...curation.top, ...Object.values(curation.sections).flat()];
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

export interface Placeable {
  id: number;
  sectionId: number;
}

export interface ArrangedHome<Row extends Placeable> {
  lead: Row | null;
  top: Row[];
  latest: Row[];
  /** Each section's block, by section id. */
  bySection: Map<number, Row[]>;
}

/**
 * The home page from the curation and the automatic lists. `visible` holds the curated stories
 * readers can see now (anything else named by the curation silently drops out); `newest` the
 * newest visible stories (at least 1 + top slots + `latestCount`), `perSection` each section's
 * newest `FRONT_PAGE_PER_SECTION`. Pinned slots keep their place; automatic slots fill in order
 * with the newest stories not already placed, and `latest` takes the next ones after that. A
 * picked section block shows its visible picks (still of that section) in order, topped up with
 * the section's newest. These lists are always long enough: each pin that displaces a story
 * from them is itself one of the places they fill.
 */
export function arrangeHome<Row extends Placeable>(
  curation: StoredCuration,
  visible: ReadonlyMap<number, Row>,
  newest: readonly Row[],
  perSection: readonly Row[],
  latestCount: number,
): ArrangedHome<Row> {
  const pinned = [curation.lead, ...curation.top].map((id) =>
    id === null ? undefined : visible.get(id),
  );
  const placed = new Set(pinned.flatMap((row) => (row ? [row.id] : [])));
  const unplaced = newest.filter((row) => !placed.has(row.id));
  const slots: Row[] = [];
  for (const row of pinned) {
    const filled = row ?? unplaced.shift();
    if (filled) slots.push(filled);
  }
  const bySection = new Map<number, Row[]>();
  for (const row of perSection) {
    bySection.set(row.sectionId, [...(bySection.get(row.sectionId) ?? []), row]);
  }
  for (const [key, ids] of Object.entries(curation.sections)) {
    const sectionId = Number(key);
    const picks = ids.flatMap((id) => {
      const row = visible.get(id);
      return row && row.sectionId === sectionId ? [row] : [];
    });
    const picked = new Set(picks.map((row) => row.id));
    const rest = (bySection.get(sectionId) ?? []).filter((row) => !picked.has(row.id));
    bySection.set(sectionId, [...picks, ...rest].slice(0, FRONT_PAGE_PER_SECTION));
  }
  return {
    lead: slots[0] ?? null,
    top: slots.slice(1),
    latest: unplaced.slice(0, latestCount),
    bySection,
  };
}
