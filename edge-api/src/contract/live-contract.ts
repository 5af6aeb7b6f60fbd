import { z } from "zod";
import { InlineRunSchema, InstantSchema } from "./contract-fields.ts";

/**
 * The live blog (issue 16, decision 0021): a published story an editor marks live, and the
 * timestamped updates editors post to it, newest first. Readers get the state and the newest
 * updates in the article answer (`article.live`) and poll
 * `GET /api/articles/:slug/updates?after=<id>` for newer ones; the desk reads and writes them
 * under `/api/newsroom/stories/:id/live`.
 *
 * Errors: `invalid_update` 422 (empty, too many or too long paragraphs; `field` names it),
 * `invalid_link` 422, `payload_too_large` 413 (over 16 KB), `conflict` 409 (posting to a story
 * that is not live, starting a live one, ending one that is not, a story that is not
 * published), `stale_revision` 409 (an edit or delete from an older `version`), `forbidden`
 * 403 (contributors: only editors and admins write), `not_found` 404, `invalid_cursor` 400.
 */

// This module is imported by `article-contract.ts`, so it may not import it (runs are in
// `contract-fields.ts`).

export const liveStates = ["live", "ended"] as const;
export type LiveState = (typeof liveStates)[number];
export const LiveStateSchema = z.enum(liveStates);

/** What one update may hold; over these is 422 `invalid_update`. */
export const LIVE_UPDATE_LIMITS = { paragraphs: 20, paragraph: 3_000 } as const;
/** The newest updates the article answer carries (the page without JavaScript shows these). */
export const ARTICLE_LIVE_UPDATES = 100;
/** The most updates one answer of the public list carries. */
export const LIVE_UPDATES_PAGE = 50;

/** An update's text: paragraphs of runs (bold, italic, links), the body's own inline format. */
export const LiveParagraphsSchema = z.array(z.array(InlineRunSchema));

export const LiveUpdateSchema = z.object({
  /** Increasing; the page's anchor is `update-<id>` and the readers' cursor is the id. */
  id: z.string().regex(/^[1-9]\d*$/),
  postedAt: InstantSchema,
  /** Later than `postedAt` when an editor corrected it. */
  updatedAt: InstantSchema,
  keyEvent: z.boolean(),
  paragraphs: LiveParagraphsSchema,
});
export type LiveUpdate = z.infer<typeof LiveUpdateSchema>;

/** `article.live`: the state and the newest `ARTICLE_LIVE_UPDATES` updates, newest first. */
export const ArticleLiveSchema = z.object({
  state: LiveStateSchema,
  startedAt: InstantSchema,
  /** Set when `state` is `ended`. */
  endedAt: InstantSchema.nullable(),
  updates: z.array(LiveUpdateSchema),
});
export type ArticleLive = z.infer<typeof ArticleLiveSchema>;

/**
 * `GET /api/articles/:slug/updates?after=<id>`: updates newer than `after` (all of them
 * without it), newest first, at most `LIVE_UPDATES_PAGE`; `more` says there were more (the
 * page should load again). Cached for 2 seconds.
 */
export const LiveUpdatesResponseSchema = z.object({
  state: LiveStateSchema,
  endedAt: InstantSchema.nullable(),
  updates: z.array(LiveUpdateSchema),
  more: z.boolean(),
});
export type LiveUpdatesResponse = z.infer<typeof LiveUpdatesResponseSchema>;

// ---- The desk -----------------------------------------------------------------------------

const DeskPersonSchema = z.object({ id: z.string(), displayName: z.string() });

export const DeskLiveUpdateSchema = LiveUpdateSchema.extend({
  /** 1, 2, 3…: an edit or delete names the one it started from. */
  version: z.number().int().min(1),
  postedBy: DeskPersonSchema.nullable(),
  updatedBy: DeskPersonSchema.nullable(),
});
export type DeskLiveUpdate = z.infer<typeof DeskLiveUpdateSchema>;

/** `GET /api/newsroom/stories/:id/live`: every update, newest first. */
export const DeskLiveSchema = z.object({
  /** null: the story has never been live. */
  state: LiveStateSchema.nullable(),
  startedAt: InstantSchema.nullable(),
  endedAt: InstantSchema.nullable(),
  updates: z.array(DeskLiveUpdateSchema),
  /** The caller may start, end, post, correct and delete (editors and admins). */
  canManage: z.boolean(),
});
export type DeskLive = z.infer<typeof DeskLiveSchema>;
export const DeskLiveAnswerSchema = z.object({ live: DeskLiveSchema });

/** `start` a published story's live blog (again, after it ended), or `end` it. */
export const LiveStateBodySchema = z.strictObject({ action: z.enum(["start", "end"]) });
export const LiveUpdateBodySchema = z.strictObject({
  paragraphs: LiveParagraphsSchema,
  keyEvent: z.boolean(),
});
export const EditLiveUpdateBodySchema = LiveUpdateBodySchema.extend({
  baseVersion: z.number().int().min(1),
}).strict();
export const DeleteLiveUpdateBodySchema = z.strictObject({ baseVersion: z.number().int().min(1) });
