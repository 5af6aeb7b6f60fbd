import { Hono } from "hono";
import { z } from "zod";
import {
  CorrectionBodySchema,
  CreateStoryBodySchema,
  RestoreBodySchema,
  SaveStoryBodySchema,
  StoryStatusSchema,
  WorkflowBodySchema,
} from "../../contract/newsroom-contract.ts";
import {
  fewHeadlinesHold,
  findRevision,
  listRevisions,
  listStories,
  loadListRefs,
  personNames,
} from "../../db/story-queries.ts";
import { insertCorrection, insertStory, isSlugRace } from "../../db/story-write-queries.ts";
import { findAuthorBySlug, findSectionBySlug } from "../../db/taxonomy-queries.ts";
import { decodeCursor, encodeCursor } from "../../domain/article-cursor.ts";
import {
  parseRevisionFields,
  personRef,
  toStoryFields,
  toStorySummary,
} from "../../domain/story-fields.ts";
import { storyStatus, workflowRefusal } from "../../domain/story-status.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import { cursorSchema, slugSchema, validate } from "../request-validation.ts";
import { conflictMessage, forbiddenMessage, workflowStep } from "../story-workflow.ts";
import {
  callerOf,
  checkFields,
  loadStory,
  requireBase,
  requireEditable,
  requireFreeSlug,
  runWrite,
  storyAnswer,
  storySubject,
  writeFields,
} from "../story-desk.ts";
import { newsroomPreviewRoutes } from "./newsroom-preview-routes.ts";
import { newsroomTaxonomyRoutes } from "./newsroom-taxonomy-routes.ts";

export const STORIES_PAGE_SIZE = 25;

const ID = /^[1-9]\d{0,14}$/;
const idParam = z.strictObject({ id: z.string().regex(ID) });
const revisionParam = z.strictObject({
  id: z.string().regex(ID),
  revision: z.string().regex(ID),
});
const listQuery = z.strictObject({
  status: StoryStatusSchema.optional(),
  section: slugSchema.optional(),
  author: slugSchema.optional(),
  q: z.string().max(200).optional(),
  cursor: cursorSchema.optional(),
});

/**
 * The story desk (issue 13), mounted at `/api/newsroom`: stories, workflow, corrections,
 * revisions, previews, and the site's map (sections, categories, authors, tags, images).
 * Every route is signed in and needs a newsroom session (the second factor passed); the role
 * is read from D1 on every call. Contributors create stories and work on their own drafts;
 * editors and admins do everything. Rules: `src/domain/story-status.ts`.
 */
export const newsroomStoryRoutes = new Hono<AppEnv>();

const staffOnly = [requireAccount, requireStaff()] as const;
for (const path of ["/stories", "/stories/*", "/previews/*"]) {
  newsroomStoryRoutes.use(path, ...staffOnly);
}

newsroomStoryRoutes
  .get("/stories", validate("query", listQuery), async (c) => {
    const { db, now, staff } = c.var;
    const query = c.req.valid("query");
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (after === null) throw new ApiError("invalid_cursor");
    const section = query.section ? await findSectionBySlug(db, query.section) : undefined;
    const author = query.author ? await findAuthorBySlug(db, query.author) : undefined;
    if ((query.section && !section) || (query.author && !author)) {
      return c.json({ stories: [], nextCursor: null }, 200);
    }
    const q = query.q?.trim() || undefined;
    const rows = await listStories(db, {
      now,
      createdBy: staff.role === "contributor" ? staff.accountId : undefined,
      status: query.status,
      sectionId: section?.id,
      authorId: author?.id,
      q,
      lookUpHeadlines: q !== undefined && (await fewHeadlinesHold(db, q)),
      after,
      limit: STORIES_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, STORIES_PAGE_SIZE);
    const refs = await loadListRefs(db, page);
    const last = page.at(-1);
    return c.json(
      {
        stories: page.map((row) => toStorySummary(row, refs, now)),
        nextCursor:
          rows.length > STORIES_PAGE_SIZE && last
            ? encodeCursor({ publishedAt: last.updatedAt, id: last.id })
            : null,
      },
      200,
    );
  })
  .post("/stories", validate("json", CreateStoryBodySchema), async (c) => {
    const { db, now, staff } = c.var;
    const { fields } = c.req.valid("json");
    const resolved = await checkFields(db, fields);
    await requireFreeSlug(db, resolved.fields.slug, null);
    const id = await insertStory(db, {
      resolved,
      actorId: staff.accountId,
      now,
      audit: (articleId) => ({
        at: now,
        actorId: staff.accountId,
        action: "story.create",
        subject: storySubject(articleId, resolved.fields.headline),
      }),
    }).catch((error: unknown) => {
      // Another story took the slug between the check and the write.
      if (isSlugRace(error)) throw new ApiError("slug_taken", undefined, { field: "slug" });
      throw error;
    });
    return c.json(await storyAnswer(c, id), 201);
  })
  .get("/stories/:id", validate("param", idParam), async (c) => {
    const { row } = await loadStory(c, c.req.valid("param").id);
    return c.json(await storyAnswer(c, row.id), 200);
  })
  .put(
    "/stories/:id",
    validate("param", idParam),
    validate("json", SaveStoryBodySchema),
    async (c) => {
      const { baseRevision, fields } = c.req.valid("json");
      const story = await loadStory(c, c.req.valid("param").id);
      requireEditable(c, story.row);
      requireBase(story.row, baseRevision);
      const resolved = await checkFields(c.var.db, fields);
      await requireFreeSlug(c.var.db, resolved.fields.slug, story.row.id);
      await writeFields(c, story, resolved, "Saved", [], { skipWhenUnchanged: true });
      return c.json(await storyAnswer(c, story.row.id), 200);
    },
  )
  .post(
    "/stories/:id/workflow",
    validate("param", idParam),
    validate("json", WorkflowBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const body = c.req.valid("json");
      const story = await loadStory(c, c.req.valid("param").id);
      const { row, parts } = story;
      const refusal = workflowRefusal(body.action, row, callerOf(c), now);
      if (refusal === "forbidden") {
        throw new ApiError("forbidden", forbiddenMessage(body.action));
      }
      if (refusal === "conflict") {
        throw new ApiError("conflict", conflictMessage(body.action, row, now));
      }
      requireBase(row, body.baseRevision);
      const step = workflowStep(body.action, body.publishAt, now);
      await runWrite(db, {
        row,
        baseNumber: parts.revisionNumber,
        actorId: staff.accountId,
        now,
        note: step.note,
        currentFields: toStoryFields(row, parts),
        status: step.status,
        audits: [
          {
            at: now,
            actorId: staff.accountId,
            action: `story.${body.action}`,
            subject: storySubject(row.id, row.headline),
            detail: {
              from: storyStatus(row, now),
              to: storyStatus({ ...row, ...step.status }, now),
              ...step.detail,
            },
          },
        ],
      });
      return c.json(await storyAnswer(c, row.id), 200);
    },
  )
  .post(
    "/stories/:id/corrections",
    requireRole("editor"),
    validate("param", idParam),
    validate("json", CorrectionBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const body = c.req.valid("json");
      const { row } = await loadStory(c, c.req.valid("param").id);
      requireBase(row, body.baseRevision);
      if (storyStatus(row, now) !== "published") {
        throw new ApiError("conflict", "Only a published story takes corrections.");
      }
      const written = await insertCorrection(db, {
        articleId: row.id,
        revisionId: row.currentRevisionId,
        text: body.text,
        actorId: staff.accountId,
        now,
        audit: {
          at: now,
          actorId: staff.accountId,
          action: "story.correct",
          subject: storySubject(row.id, row.headline),
          detail: { text: body.text },
        },
      });
      // Edited or taken down between the check above and the write: nothing was written.
      if (!written) throw new ApiError("stale_revision");
      return c.json(await storyAnswer(c, row.id), 200);
    },
  )
  .get("/stories/:id/revisions", validate("param", idParam), async (c) => {
    const { db } = c.var;
    const { row } = await loadStory(c, c.req.valid("param").id);
    const revisions = await listRevisions(db, row.id);
    const people = await personNames(
      db,
      revisions.map((revision) => revision.createdBy),
    );
    return c.json(
      {
        revisions: revisions.map((revision) => ({
          id: String(revision.id),
          number: revision.number,
          createdAt: revision.createdAt.toISOString(),
          author: personRef(revision.createdBy, people),
          note: revision.note,
        })),
      },
      200,
    );
  })
  .get("/stories/:id/revisions/:revision", validate("param", revisionParam), async (c) => {
    const { db } = c.var;
    const params = c.req.valid("param");
    const { row } = await loadStory(c, params.id);
    const revision = await findRevision(db, row.id, Number(params.revision));
    const fields = revision ? parseRevisionFields(revision.fields) : null;
    if (!revision || !fields) throw new ApiError("not_found", "There is no such revision.");
    const people = await personNames(db, [revision.createdBy]);
    return c.json(
      {
        revision: {
          id: String(revision.id),
          number: revision.number,
          createdAt: revision.createdAt.toISOString(),
          author: personRef(revision.createdBy, people),
          note: revision.note,
          fields,
        },
      },
      200,
    );
  })
  .post(
    "/stories/:id/revisions/:revision/restore",
    validate("param", revisionParam),
    validate("json", RestoreBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const params = c.req.valid("param");
      const story = await loadStory(c, params.id);
      requireEditable(c, story.row);
      requireBase(story.row, c.req.valid("json").baseRevision);
      const revision = await findRevision(db, story.row.id, Number(params.revision));
      const fields = revision ? parseRevisionFields(revision.fields) : null;
      if (!revision || !fields) throw new ApiError("not_found", "There is no such revision.");
      const resolved = await checkFields(db, fields);
      await requireFreeSlug(db, resolved.fields.slug, story.row.id);
      await writeFields(c, story, resolved, `Restored revision ${revision.number}`, [
        {
          at: now,
          actorId: staff.accountId,
          action: "story.restore",
          subject: storySubject(story.row.id, resolved.fields.headline),
          detail: { revision: revision.number, base: story.parts.revisionNumber },
        },
      ]);
      return c.json(await storyAnswer(c, story.row.id), 200);
    },
  )
  .route("/", newsroomPreviewRoutes)
  .route("/", newsroomTaxonomyRoutes);
