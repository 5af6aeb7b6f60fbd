import { Hono } from "hono";
import { z } from "zod";
import {
  CROP_USES,
  MediaPatchBodySchema,
  MediaUploadQuerySchema,
  type MediaItem,
  type MediaList,
} from "../../contract/media-contract.ts";
import {
  findMedia,
  insertMedia,
  listMedia,
  MEDIA_PAGE_SIZE,
  updateMedia,
  type MediaEdit,
} from "../../db/media-queries.ts";
import { cropProblem } from "../../domain/media-geometry.ts";
import {
  cropsOf,
  decodeMediaCursor,
  encodeMediaCursor,
  toMediaItem,
} from "../../domain/media-shaping.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { roleAtLeast, requireStaff } from "../auth/require-staff.ts";
import {
  checkUpload,
  mediaAuditSubject,
  readLimitedBody,
  storeNewPhotograph,
} from "../media-images.ts";
import { validate } from "../request-validation.ts";

const MEDIA_ID = /^[0-9a-f]{32}$/;
const idParam = z.strictObject({ id: z.string().regex(MEDIA_ID) });
const listQuery = z.strictObject({
  q: z.string().max(200).optional(),
  cursor: z
    .string()
    .refine((value) => decodeMediaCursor(value) !== null)
    .optional(),
});

/**
 * The media library (issue 16, decision 0022), mounted at `/api/newsroom`: any member of staff
 * uploads, lists and opens photographs; contributors edit the ones they uploaded, editors and
 * admins every one. Originals go to R2 only once they passed every check.
 */
export const newsroomMediaRoutes = new Hono<AppEnv>();

for (const path of ["/media", "/media/*"]) {
  newsroomMediaRoutes.use(path, requireAccount, requireStaff());
}

newsroomMediaRoutes
  .post("/media", validate("query", MediaUploadQuerySchema), async (c) => {
    const fields = c.req.valid("query");
    if (fields.alt === "") {
      throw new ApiError(
        "invalid_media",
        "Describe the photograph for readers who cannot see it (alt text).",
        { field: "alt" },
      );
    }
    const bytes = await readLimitedBody(c.req.raw.body, c.req.header("content-length"));
    const checked = await checkUpload(c.env.IMAGES, bytes);
    const { now, staff } = c.var;
    const id = await storeNewPhotograph(c.env.MEDIA, bytes, checked.format, async (key) => {
      const row = {
        ...key,
        format: checked.format,
        width: checked.size.width,
        height: checked.size.height,
        bytes: bytes.byteLength,
        alt: fields.alt,
        caption: fields.caption ?? "",
        credit: fields.credit ?? "",
        uploadedBy: staff.accountId,
        createdAt: now,
        updatedAt: now,
      };
      await insertMedia(c.var.db, row, {
        at: now,
        actorId: staff.accountId,
        action: "media.upload",
        subject: mediaAuditSubject(key.id, fields.alt),
        detail: { format: checked.format, width: row.width, height: row.height, bytes: row.bytes },
      });
      return key.id;
    });
    const saved = await findMedia(c.var.db, id);
    if (!saved) throw new ApiError("not_found", "There is no such photograph.");
    return c.json(toMediaItem(saved) satisfies MediaItem, 201);
  })
  .get("/media", validate("query", listQuery), async (c) => {
    const { q, cursor } = c.req.valid("query");
    const before = cursor === undefined ? null : decodeMediaCursor(cursor);
    const found = await listMedia(c.var.db, {
      q: q?.trim() || undefined,
      before,
      limit: MEDIA_PAGE_SIZE,
    });
    const page = found.slice(0, MEDIA_PAGE_SIZE);
    const last = page.at(-1);
    const answer: MediaList = {
      items: page.map(toMediaItem),
      nextCursor:
        found.length > MEDIA_PAGE_SIZE && last
          ? encodeMediaCursor({ createdAt: last.row.createdAt, id: last.row.id })
          : null,
    };
    return c.json(answer, 200);
  })
  .get("/media/:id", validate("param", idParam), async (c) => {
    const found = await findMedia(c.var.db, c.req.valid("param").id);
    if (!found) throw new ApiError("not_found", "There is no such photograph.");
    return c.json(toMediaItem(found) satisfies MediaItem, 200);
  })
  .patch(
    "/media/:id",
    validate("param", idParam),
    validate("json", MediaPatchBodySchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const { db, now, staff } = c.var;
      const found = await findMedia(db, id);
      if (!found) throw new ApiError("not_found", "There is no such photograph.");
      const { row } = found;
      if (!roleAtLeast(staff.role, "editor") && row.uploadedBy !== staff.accountId) {
        throw new ApiError(
          "forbidden",
          "Contributors may change only the photographs they uploaded.",
        );
      }
      if (body.baseRevision !== row.revision) throw new ApiError("stale_revision");
      if (body.alt === "") {
        throw new ApiError(
          "invalid_media",
          "The alt text cannot be empty: describe the photograph.",
          {
            field: "alt",
          },
        );
      }
      for (const use of CROP_USES) {
        const crop = body.crops?.[use];
        const problem = crop ? cropProblem(crop, use, row) : null;
        if (problem) throw new ApiError("invalid_media", problem, { field: `crops.${use}` });
      }
      const edit: MediaEdit = {
        alt: body.alt,
        caption: body.caption,
        credit: body.credit,
        focalX: body.focal?.x,
        focalY: body.focal?.y,
        crops: body.crops,
      };
      const before = {
        alt: row.alt,
        caption: row.caption,
        credit: row.credit,
        focal: { x: row.focalX, y: row.focalY },
        crops: cropsOf(row),
      };
      const changed = Object.fromEntries(
        Object.entries({
          alt: body.alt,
          caption: body.caption,
          credit: body.credit,
          focal: body.focal,
          crops: body.crops,
        })
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, [before[key as keyof typeof before], value]]),
      );
      const applied = await updateMedia(db, { id, baseRevision: body.baseRevision, now }, edit, {
        at: now,
        actorId: staff.accountId,
        action: "media.update",
        subject: mediaAuditSubject(id, body.alt ?? row.alt),
        detail: changed,
      });
      if (!applied) throw new ApiError("stale_revision");
      const saved = await findMedia(db, id);
      if (!saved) throw new ApiError("not_found", "There is no such photograph.");
      return c.json(toMediaItem(saved) satisfies MediaItem, 200);
    },
  );
