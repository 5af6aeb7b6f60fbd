import type { InlineRun } from "../contract/contract-fields.ts";
import {
  LIVE_UPDATE_LIMITS,
  type ArticleLive,
  type DeskLiveUpdate,
  type LiveUpdate,
} from "../contract/live-contract.ts";
import type { LiveBlogRow, LiveUpdateRow } from "../db/live-schema.ts";
import { normalizeRuns, refusedLinks, runsText } from "./inline-runs.ts";
import { personRef } from "./story-fields.ts";

/**
 * A live update's text (decision 0021): paragraphs of inline runs, cleaned as body runs are
 * (`normalizeRuns`: controls, spaces, refused links) when written and again when read.
 */

export type ParagraphsCheck =
  | { ok: true; paragraphs: InlineRun[][] }
  | { ok: false; code: "invalid_update" | "invalid_link"; message: string };

// Cleaning caps a paragraph's length; cap above the limit so an over-long one is seen.
const CLEANING_CAP = LIVE_UPDATE_LIMITS.paragraph + 1;

function cleanParagraphs(input: unknown, cap: number): InlineRun[][] {
  if (!Array.isArray(input)) return [];
  return input.map((runs) => normalizeRuns(runs, cap)).filter((runs) => runs.length > 0);
}

/** The paragraphs an editor sent, cleaned, or what is wrong with them (422). */
export function checkParagraphs(input: readonly InlineRun[][]): ParagraphsCheck {
  const [refused] = refusedLinks(input.map((runs) => ({ runs })));
  if (refused !== undefined) {
    return {
      ok: false,
      code: "invalid_link",
      message: `The link “${refused.slice(0, 100)}” cannot be used: links must start with http://, https://, mailto: or / (a page of this site).`,
    };
  }
  const paragraphs = cleanParagraphs(input, CLEANING_CAP);
  if (paragraphs.length === 0) {
    return { ok: false, code: "invalid_update", message: "An update needs some text." };
  }
  if (paragraphs.length > LIVE_UPDATE_LIMITS.paragraphs) {
    return {
      ok: false,
      code: "invalid_update",
      message: `An update may have at most ${LIVE_UPDATE_LIMITS.paragraphs} paragraphs; this one has ${paragraphs.length}.`,
    };
  }
  const long = paragraphs.findIndex((runs) => runsText(runs).length > LIVE_UPDATE_LIMITS.paragraph);
  if (long >= 0) {
    return {
      ok: false,
      code: "invalid_update",
      message: `Paragraph ${long + 1} is longer than ${LIVE_UPDATE_LIMITS.paragraph} characters.`,
    };
  }
  return { ok: true, paragraphs };
}

/** A stored update's text through the same cleaning; corrupt JSON reads as no text. */
export function parseStoredParagraphs(json: string): InlineRun[][] {
  try {
    return cleanParagraphs(JSON.parse(json), LIVE_UPDATE_LIMITS.paragraph);
  } catch {
    return [];
  }
}

/** The plain text of an update, for the audit log and summaries. */
export function paragraphsText(paragraphs: readonly InlineRun[][]): string {
  return paragraphs.map(runsText).join("\n\n");
}

export function toLiveUpdate(row: LiveUpdateRow): LiveUpdate {
  return {
    id: String(row.id),
    postedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    keyEvent: row.keyEvent,
    paragraphs: parseStoredParagraphs(row.body),
  };
}

export function toDeskLiveUpdate(
  row: LiveUpdateRow,
  people: ReadonlyMap<string, string>,
): DeskLiveUpdate {
  return {
    ...toLiveUpdate(row),
    version: row.version,
    postedBy: personRef(row.createdBy, people),
    updatedBy: personRef(row.updatedBy, people),
  };
}

export function toArticleLive(blog: LiveBlogRow, updates: readonly LiveUpdateRow[]): ArticleLive {
  return {
    state: blog.state,
    startedAt: blog.startedAt.toISOString(),
    endedAt: blog.endedAt?.toISOString() ?? null,
    updates: updates.map(toLiveUpdate),
  };
}
