import { Hono } from "hono";
import { z } from "zod";
import { findPageBySlug } from "../../db/taxonomy-queries.ts";
import type { PageResponse } from "../../contract/article-contract.ts";
import { parseStoredBody } from "../../domain/body-blocks.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, slugSchema, validate } from "../request-validation.ts";

export const pageRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", z.strictObject({ slug: slugSchema })),
  validate("query", noQuerySchema),
  async (c) => {
    const page = await findPageBySlug(c.var.db, c.req.valid("param").slug);
    if (!page) throw notFound("Page");
    const body: PageResponse = {
      page: {
        slug: page.slug,
        title: page.title,
        body: parseStoredBody(page.body),
        updatedAt: page.updatedAt.toISOString(),
      },
    };
    return c.json(body, 200);
  },
);
