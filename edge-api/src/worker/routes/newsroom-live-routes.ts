import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  DeleteLiveUpdateBodySchema,
  EditLiveUpdateBodySchema,
  LiveStateBodySchema,
  LiveUpdateBodySchema,
  type DeskLive,
} from "../../contract/live-contract.ts";
import type { AuditRecord } from "../../db/audit-queries.ts";
import type { ArticleRow } from "../../db/schema.ts";
import {
  deleteLiveUpdate,
  editLiveUpdate,
  endLive,
  findLiveBlog,
  findLiveUpdate,
  insertLiveUpdate,
  liveUpdatesQuery,
  startLive,
} from "../../db/live-queries.ts";
import { personNames } from "../../db/story-queries.ts";
import type { InlineRun } from "../../contract/contract-fields.ts";
import {
  checkParagraphs,
  paragraphsText,
  parseStoredParagraphs,
  toDeskLiveUpdate,
} from "../../domain/live-shaping.ts";
import { storyStatus } from "../../domain/story-status.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff, roleAtLeast } from "../auth/require-staff.ts";
import { validate } from "../request-validation.ts";
import { loadStory, storySubject } from "../story-desk.ts";

const ID = /^[1-9]\d{0,14}$/;
const storyParam = z.strictObject({ id: z.string().regex(ID) });
const updateParam = z.strictObject({ id: z.string().regex(ID), update: z.string().regex(ID) });

type LiveContext = Context<AppEnv>;

/**
 * The live blog on the desk (issue 16, decision 0021), mounted at `/api/newsroom`: staff who
 * may open the story read it; editors and admins start and end it and post, correct and
 * delete updates (a contributor may not: an update reaches readers at once, and their words
 * reach readers only through an editor). Every write is audited in its own batch and moves the
 * content version (triggers of migration 0015).
 */
export const newsroomLiveRoutes = new Hono<AppEnv>();

for (const path of ["/stories/:id/live", "/stories/:id/live/*"]) {
  newsroomLiveRoutes.use(path, requireAccount, requireStaff());
}

/** The published (or scheduled) story, or 409 saying why it cannot be live. */
function requirePublished(row: ArticleRow, now: Date, what: string): void {
  const status = storyStatus(row, now);
  if (status !== "published" && status !== "scheduled") {
    throw new ApiError("conflict", `Only a published story ${what}; this one is ${status}.`);
  }
}

/** 422 with what is wrong with the paragraphs, or the cleaned text as stored. */
function storedParagraphs(paragraphs: InlineRun[][]): { json: string; text: string } {
  const checked = checkParagraphs(paragraphs);
  if (!checked.ok) throw new ApiError(checked.code, checked.message, { field: "paragraphs" });
  return { json: JSON.stringify(checked.paragraphs), text: paragraphsText(checked.paragraphs) };
}

function audit(
  c: LiveContext,
  row: ArticleRow,
  action: AuditRecord["action"],
  detail?: Record<string, unknown>,
): AuditRecord {
  const { now, staff } = c.var;
  return {
    at: now,
    actorId: staff.accountId,
    action,
    subject: storySubject(row.id, row.headline),
    ...(detail ? { detail } : {}),
  };
}

/** The live blog as the desk shows it: state and every update, newest first. */
async function deskLive(c: LiveContext, articleId: number): Promise<{ live: DeskLive }> {
  const { db, staff } = c.var;
  const [blog, updates] = await Promise.all([
    findLiveBlog(db, articleId),
    liveUpdatesQuery(db, articleId),
  ]);
  const people = await personNames(
    db,
    updates.flatMap((update) => [update.createdBy, update.updatedBy]),
  );
  return {
    live: {
      state: blog?.state ?? null,
      startedAt: blog?.startedAt.toISOString() ?? null,
      endedAt: blog?.endedAt?.toISOString() ?? null,
      updates: updates.map((update) => toDeskLiveUpdate(update, people)),
      canManage: roleAtLeast(staff.role, "editor"),
    },
  };
}

/** The update of this story, or 404. */
async function loadUpdate(c: LiveContext, articleId: number, id: string) {
  const update = await findLiveUpdate(c.var.db, articleId, Number(id));
  if (!update) throw new ApiError("not_found", "There is no such update on this story.");
  return update;
}

const STALE_UPDATE =
  "Someone else changed or deleted this update since you opened it. Read it again and retry.";

newsroomLiveRoutes
  .get("/stories/:id/live", validate("param", storyParam), async (c) => {
    const { row } = await loadStory(c, c.req.valid("param").id);
    return c.json(await deskLive(c, row.id), 200);
  })
  .post(
    "/stories/:id/live",
    requireRole("editor"),
    validate("param", storyParam),
    validate("json", LiveStateBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const { action } = c.req.valid("json");
      const { row } = await loadStory(c, c.req.valid("param").id);
      const input = { articleId: row.id, actorId: staff.accountId, now };
      if (action === "start") {
        requirePublished(row, now, "can be live");
        const started = await startLive(db, { ...input, audit: audit(c, row, "live.start") });
        if (!started) throw new ApiError("conflict", "This story is already live.");
      } else {
        const ended = await endLive(db, { ...input, audit: audit(c, row, "live.end") });
        if (!ended) throw new ApiError("conflict", "This story is not live, so it cannot end.");
      }
      return c.json(await deskLive(c, row.id), 200);
    },
  )
  .post(
    "/stories/:id/live/updates",
    requireRole("editor"),
    validate("param", storyParam),
    validate("json", LiveUpdateBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const body = c.req.valid("json");
      const { row } = await loadStory(c, c.req.valid("param").id);
      requirePublished(row, now, "takes live updates");
      const stored = storedParagraphs(body.paragraphs);
      const id = await insertLiveUpdate(db, {
        articleId: row.id,
        actorId: staff.accountId,
        now,
        body: stored.json,
        keyEvent: body.keyEvent,
        audit: audit(c, row, "live.post", { text: stored.text, keyEvent: body.keyEvent }),
      });
      if (id === null) {
        throw new ApiError(
          "conflict",
          "This story is not live: start its live blog before posting updates.",
        );
      }
      return c.json(await deskLive(c, row.id), 201);
    },
  )
  .put(
    "/stories/:id/live/updates/:update",
    requireRole("editor"),
    validate("param", updateParam),
    validate("json", EditLiveUpdateBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const params = c.req.valid("param");
      const body = c.req.valid("json");
      const { row } = await loadStory(c, params.id);
      const update = await loadUpdate(c, row.id, params.update);
      if (update.version !== body.baseVersion) throw new ApiError("stale_revision", STALE_UPDATE);
      const stored = storedParagraphs(body.paragraphs);
      const before = paragraphsText(parseStoredParagraphs(update.body));
      const edited = await editLiveUpdate(db, {
        articleId: row.id,
        actorId: staff.accountId,
        now,
        id: update.id,
        baseVersion: body.baseVersion,
        body: stored.json,
        keyEvent: body.keyEvent,
        audit: audit(c, row, "live.edit", {
          update: update.id,
          text: [before, stored.text],
          keyEvent: [update.keyEvent, body.keyEvent],
        }),
      });
      if (!edited) throw new ApiError("stale_revision", STALE_UPDATE);
      return c.json(await deskLive(c, row.id), 200);
    },
  )
  .delete(
    "/stories/:id/live/updates/:update",
    requireRole("editor"),
    validate("param", updateParam),
    validate("json", DeleteLiveUpdateBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const params = c.req.valid("param");
      const { baseVersion } = c.req.valid("json");
      const { row } = await loadStory(c, params.id);
      const update = await loadUpdate(c, row.id, params.update);
      if (update.version !== baseVersion) throw new ApiError("stale_revision", STALE_UPDATE);
      const deleted = await deleteLiveUpdate(db, {
        articleId: row.id,
        actorId: staff.accountId,
        now,
        id: update.id,
        baseVersion,
        audit: audit(c, row, "live.delete", {
          update: update.id,
          text: paragraphsText(parseStoredParagraphs(update.body)),
          keyEvent: update.keyEvent,
        }),
      });
      if (!deleted) throw new ApiError("stale_revision", STALE_UPDATE);
      return c.json(await deskLive(c, row.id), 200);
    },
  );
