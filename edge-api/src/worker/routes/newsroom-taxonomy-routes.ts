import { Hono } from "hono";
import { z } from "zod";
import {
  AuthorBodySchema,
  CategoryBodySchema,
  SectionBodySchema,
  SectionOrderBodySchema,
  TagBodySchema,
} from "../../contract/newsroom-contract.ts";
import { sectionInsertStatement, sectionUpdateStatement } from "../../db/section-writes.ts";
import {
  authorInsert,
  authorSlugTaken,
  authorUpdate,
  categoryInsert,
  categorySlugTaken,
  categoryUpdate,
  findAuthorById,
  findCategoryById,
  findSectionById,
  findTagById,
  listDeskImages,
  loadDeskTaxonomy,
  reorderSections,
  sectionSlugTaken,
  tagInsert,
  tagSlugTaken,
  tagUpdate,
  withAudit,
} from "../../db/taxonomy-write-queries.ts";
import type { AuthorRow, CategoryRow, SectionRow, TagRow } from "../../db/schema.ts";
import {
  toDeskAuthor,
  toDeskCategory,
  toDeskImage,
  toDeskSection,
  toDeskTag,
} from "../../domain/desk-taxonomy-shaping.ts";
import { ApiError } from "../api-errors.ts";
import { audit, changes, sectionProblem, slugTaken, taxonomyAnswer } from "../desk-taxonomy.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import { validate } from "../request-validation.ts";

export const DESK_IMAGES_LIMIT = 60;

const idParam = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,14}$/) });

/**
 * The site's map for the story desk (mounted with the story routes at `/api/newsroom`): the
 * pickers' taxonomy and lead images (any staff), and the writes of sections, categories,
 * authors and tags (editors and admins). Reserved section slugs are refused by
 * `section-writes.ts`; every write is audited in the same batch.
 */
export const newsroomTaxonomyRoutes = new Hono<AppEnv>();

const staffOnly = [requireAccount, requireStaff()] as const;
for (const path of [
  "/taxonomy",
  "/images",
  "/sections",
  "/sections/*",
  "/categories/*",
  "/authors",
  "/authors/*",
  "/tags",
  "/tags/*",
]) {
  newsroomTaxonomyRoutes.use(path, ...staffOnly);
}

newsroomTaxonomyRoutes
  .get("/taxonomy", async (c) => c.json(await taxonomyAnswer(c), 200))
  .get(
    "/images",
    validate("query", z.strictObject({ q: z.string().max(200).optional() })),
    async (c) => {
      const q = c.req.valid("query").q?.trim() || undefined;
      const rows = await listDeskImages(c.var.db, q, DESK_IMAGES_LIMIT);
      return c.json({ images: rows.map(toDeskImage) }, 200);
    },
  )
  .post("/sections", requireRole("editor"), validate("json", SectionBodySchema), async (c) => {
    const body = c.req.valid("json");
    const write = sectionInsertStatement(c.var.db, body);
    if (!write.ok) throw sectionProblem(write.problem);
    if (await sectionSlugTaken(c.var.db, body.slug)) throw slugTaken("section");
    const [row] = await withAudit<SectionRow[]>(
      c.var.db,
      write.statement,
      audit(c, "taxonomy.create", `section “${body.name}”`, { kind: "section", ...body }),
    );
    if (!row) throw new Error("inserting a section returned no row");
    return c.json({ section: toDeskSection(row, []) }, 201);
  })
  .post(
    "/sections/order",
    requireRole("editor"),
    validate("json", SectionOrderBodySchema),
    async (c) => {
      const { ids } = c.req.valid("json");
      const { sectionRows } = await loadDeskTaxonomy(c.var.db);
      const known = new Set(sectionRows.map((row) => String(row.id)));
      if (new Set(ids).size !== ids.length) {
        throw new ApiError("invalid_request", "Each section may appear only once.");
      }
      if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
        throw new ApiError(
          "conflict",
          "The sections have changed since the page was opened; order them again.",
        );
      }
      const before = sectionRows.map((row) => row.slug);
      const after = ids.map((id) => sectionRows.find((row) => String(row.id) === id)?.slug);
      await reorderSections(
        c.var.db,
        ids.map(Number),
        audit(c, "taxonomy.reorder", "the sections' order", { order: [before, after] }),
      );
      return c.json(await taxonomyAnswer(c), 200);
    },
  )
  .patch(
    "/sections/:id",
    requireRole("editor"),
    validate("param", idParam),
    validate("json", SectionBodySchema),
    async (c) => {
      const id = Number(c.req.valid("param").id);
      const body = c.req.valid("json");
      const [current] = await findSectionById(c.var.db, id);
      if (!current) throw new ApiError("not_found", "There is no such section.");
      const write = sectionUpdateStatement(c.var.db, id, body);
      if (!write.ok) throw sectionProblem(write.problem);
      if (await sectionSlugTaken(c.var.db, body.slug, id)) throw slugTaken("section");
      const [row] = await withAudit<SectionRow[]>(
        c.var.db,
        write.statement,
        audit(c, "taxonomy.update", `section “${body.name}”`, {
          kind: "section",
          ...changes(current, body),
        }),
      );
      if (!row) throw new ApiError("not_found", "There is no such section.");
      const { categoryRows } = await loadDeskTaxonomy(c.var.db);
      return c.json({ section: toDeskSection(row, categoryRows) }, 200);
    },
  )
  .post(
    "/sections/:id/categories",
    requireRole("editor"),
    validate("param", idParam),
    validate("json", CategoryBodySchema),
    async (c) => {
      const sectionId = Number(c.req.valid("param").id);
      const body = c.req.valid("json");
      const [section] = await findSectionById(c.var.db, sectionId);
      if (!section) throw new ApiError("not_found", "There is no such section.");
      if (await categorySlugTaken(c.var.db, sectionId, body.slug)) {
        throw slugTaken(`category of ${section.name}`);
      }
      const [row] = await withAudit<CategoryRow[]>(
        c.var.db,
        categoryInsert(c.var.db, sectionId, body.slug, body.name),
        audit(c, "taxonomy.create", `category “${body.name}” of ${section.name}`, {
          kind: "category",
          section: section.slug,
          ...body,
        }),
      );
      if (!row) throw new Error("inserting a category returned no row");
      return c.json({ category: toDeskCategory(row) }, 201);
    },
  )
  .patch(
    "/categories/:id",
    requireRole("editor"),
    validate("param", idParam),
    validate("json", CategoryBodySchema),
    async (c) => {
      const id = Number(c.req.valid("param").id);
      const body = c.req.valid("json");
      const [current] = await findCategoryById(c.var.db, id);
      if (!current) throw new ApiError("not_found", "There is no such category.");
      if (await categorySlugTaken(c.var.db, current.sectionId, body.slug, id)) {
        throw slugTaken("category of this section");
      }
      const [row] = await withAudit<CategoryRow[]>(
        c.var.db,
        categoryUpdate(c.var.db, id, body.slug, body.name),
        audit(c, "taxonomy.update", `category “${body.name}”`, {
          kind: "category",
          ...changes(current, body),
        }),
      );
      if (!row) throw new ApiError("not_found", "There is no such category.");
      return c.json({ category: toDeskCategory(row) }, 200);
    },
  )
  .post("/authors", requireRole("editor"), validate("json", AuthorBodySchema), async (c) => {
    const body = c.req.valid("json");
    if (await authorSlugTaken(c.var.db, body.slug)) throw slugTaken("author profile");
    const [row] = await withAudit<AuthorRow[]>(
      c.var.db,
      authorInsert(c.var.db, body),
      audit(c, "taxonomy.create", `author “${body.name}”`, { kind: "author", ...body }),
    );
    if (!row) throw new Error("inserting an author returned no row");
    return c.json({ author: toDeskAuthor(row) }, 201);
  })
  .patch(
    "/authors/:id",
    requireRole("editor"),
    validate("param", idParam),
    validate("json", AuthorBodySchema),
    async (c) => {
      const id = Number(c.req.valid("param").id);
      const body = c.req.valid("json");
      const [current] = await findAuthorById(c.var.db, id);
      if (!current) throw new ApiError("not_found", "There is no such author profile.");
      if (await authorSlugTaken(c.var.db, body.slug, id)) throw slugTaken("author profile");
      const [row] = await withAudit<AuthorRow[]>(
        c.var.db,
        authorUpdate(c.var.db, id, body),
        audit(c, "taxonomy.update", `author “${body.name}”`, {
          kind: "author",
          ...changes(toDeskAuthor(current), body),
        }),
      );
      if (!row) throw new ApiError("not_found", "There is no such author profile.");
      return c.json({ author: toDeskAuthor(row) }, 200);
    },
  )
  .post("/tags", requireRole("editor"), validate("json", TagBodySchema), async (c) => {
    const body = c.req.valid("json");
    if (await tagSlugTaken(c.var.db, body.slug)) throw slugTaken("tag");
    const [row] = await withAudit<TagRow[]>(
      c.var.db,
      tagInsert(c.var.db, body),
      audit(c, "taxonomy.create", `tag “${body.name}”`, { kind: "tag", ...body }),
    );
    if (!row) throw new Error("inserting a tag returned no row");
    return c.json({ tag: toDeskTag(row) }, 201);
  })
  .patch(
    "/tags/:id",
    requireRole("editor"),
    validate("param", idParam),
    validate("json", TagBodySchema),
    async (c) => {
      const id = Number(c.req.valid("param").id);
      const body = c.req.valid("json");
      const [current] = await findTagById(c.var.db, id);
      if (!current) throw new ApiError("not_found", "There is no such tag.");
      if (await tagSlugTaken(c.var.db, body.slug, id)) throw slugTaken("tag");
      const [row] = await withAudit<TagRow[]>(
        c.var.db,
        tagUpdate(c.var.db, id, body),
        audit(c, "taxonomy.update", `tag “${body.name}”`, {
          kind: "tag",
          ...changes(current, body),
        }),
      );
      if (!row) throw new ApiError("not_found", "There is no such tag.");
      return c.json({ tag: toDeskTag(row) }, 200);
    },
  );
