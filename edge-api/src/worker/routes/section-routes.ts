import { Hono } from "hono";
import { z } from "zod";
import {
  findCategoryBySlug,
  findSectionBySlug,
  listCategories,
  listCategoriesOfSection,
  listSections,
} from "../../db/taxonomy-queries.ts";
import type {
  CategoryResponse,
  SectionResponse,
  SectionsResponse,
} from "../../contract/listing-contract.ts";
import { toSectionSummary } from "../../domain/article-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { loadArticlePage } from "../article-listing.ts";
import {
  listingPageFromQuery,
  listingQuerySchema,
  noQuerySchema,
  slugSchema,
  validate,
} from "../request-validation.ts";

export const sectionRoutes = new Hono<AppEnv>()
  .get("/", validate("query", noQuerySchema), async (c) => {
    const db = c.var.db;
    const [sections, categories] = await Promise.all([listSections(db), listCategories(db)]);
    const body: SectionsResponse = {
      sections: sections.map((section) => toSectionSummary(section, categories)),
    };
    return c.json(body, 200);
  })
  .get(
    "/:section",
    validate("param", z.strictObject({ section: slugSchema })),
    validate("query", listingQuerySchema),
    async (c) => {
      const { db, now } = c.var;
      const wanted = listingPageFromQuery(c.req.valid("query"));
      const section = await findSectionBySlug(db, c.req.valid("param").section);
      if (!section) throw notFound("Section");
      const [categories, page] = await Promise.all([
        listCategoriesOfSection(db, section.id),
        loadArticlePage(db, now, { kind: "section", sectionId: section.id }, wanted),
      ]);
      const body: SectionResponse = { section: toSectionSummary(section, categories), ...page };
      return c.json(body, 200);
    },
  )
  .get(
    "/:section/categories/:category",
    validate("param", z.strictObject({ section: slugSchema, category: slugSchema })),
    validate("query", listingQuerySchema),
    async (c) => {
      const { db, now } = c.var;
      const params = c.req.valid("param");
      const wanted = listingPageFromQuery(c.req.valid("query"));
      const section = await findSectionBySlug(db, params.section);
      if (!section) throw notFound("Section");
      const [categories, category] = await Promise.all([
        listCategoriesOfSection(db, section.id),
        findCategoryBySlug(db, section.id, params.category),
      ]);
      if (!category) throw notFound("Category");
      const page = await loadArticlePage(
        db,
        now,
        { kind: "category", categoryId: category.id },
        wanted,
      );
      const body: CategoryResponse = {
        section: toSectionSummary(section, categories),
        category: { slug: category.slug, name: category.name, description: category.description },
        ...page,
      };
      return c.json(body, 200);
    },
  );
