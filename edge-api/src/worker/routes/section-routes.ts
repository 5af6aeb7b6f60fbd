import { Hono } from "hono";
import { z } from "zod";
import { toCardRefs } from "../../db/article-ref-queries.ts";
import {
  categoryListingQueries,
  listingPageValues,
  sectionListingQueries,
  walkOf,
} from "../../db/listing-page-queries.ts";
import { runPrepared } from "../../db/prepared-batch.ts";
import { listCategories, listSections } from "../../db/taxonomy-queries.ts";
import type {
  CategoryResponse,
  SectionResponse,
  SectionsResponse,
} from "../../contract/listing-contract.ts";
import { toSectionSummary } from "../../domain/article-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { toArticlePage } from "../article-listing.ts";
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
      const values = listingPageValues({ section: c.req.valid("param").section }, wanted, now);
      const [[section], categories, rows, behind, ...refRows] = await runPrepared(
        db,
        sectionListingQueries(db, walkOf(wanted)),
        values,
      );
      if (!section) throw notFound("Section");
      const body: SectionResponse = {
        section: toSectionSummary(section, categories),
        ...toArticlePage(wanted, rows, behind, toCardRefs(refRows)),
      };
      return c.json(body, 200);
    },
  )
  .get(
    "/:section/categories/:category",
    validate("param", z.strictObject({ section: slugSchema, category: slugSchema })),
    validate("query", listingQuerySchema),
    async (c) => {
      const { db, now } = c.var;
      const wanted = listingPageFromQuery(c.req.valid("query"));
      const values = listingPageValues(c.req.valid("param"), wanted, now);
      const [[section], categories, [category], rows, behind, ...refRows] = await runPrepared(
        db,
        categoryListingQueries(db, walkOf(wanted)),
        values,
      );
      if (!section) throw notFound("Section");
      if (!category) throw notFound("Category");
      const body: CategoryResponse = {
        section: toSectionSummary(section, categories),
        category: { slug: category.slug, name: category.name, description: category.description },
        ...toArticlePage(wanted, rows, behind, toCardRefs(refRows)),
      };
      return c.json(body, 200);
    },
  );
