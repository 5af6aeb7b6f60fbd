import { Hono } from "hono";
import { z } from "zod";
import { listBodiesByIds, listVisibleArticles } from "../../db/article-queries.ts";
import type { ArticleListFilter } from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import type { Database } from "../../db/database.ts";
import { findAuthorBySlug, findSectionBySlug, findTagBySlug } from "../../db/taxonomy-queries.ts";
import type { FeedResponse, FeedSubject } from "../../contract/feed-and-sitemap-contract.ts";
import { toFeed } from "../../domain/feed-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { slugSchema, validate } from "../request-validation.ts";

export const FEED_SIZE = 50;

// At most one filter; none is the whole site. A malformed slug is a bad request (400).
const feedQuerySchema = z
  .strictObject({
    section: slugSchema.optional(),
    author: slugSchema.optional(),
    tag: slugSchema.optional(),
  })
  .refine((query) => Object.values(query).filter((value) => value !== undefined).length <= 1);

type FeedQuery = z.output<typeof feedQuerySchema>;

async function resolveSubject(
  db: Database,
  query: FeedQuery,
): Promise<{ subject: FeedSubject; filter: ArticleListFilter }> {
  if (query.section !== undefined) {
    const section = await findSectionBySlug(db, query.section);
    if (!section) throw notFound("Section");
    return {
      subject: { kind: "section", ...section },
      filter: { kind: "section", sectionId: section.id },
    };
  }
  if (query.author !== undefined) {
    const author = await findAuthorBySlug(db, query.author);
    if (!author) throw notFound("Author");
    return {
      subject: { kind: "author", ...author },
      filter: { kind: "author", authorId: author.id },
    };
  }
  if (query.tag !== undefined) {
    const tag = await findTagBySlug(db, query.tag);
    if (!tag) throw notFound("Tag");
    return { subject: { kind: "tag", ...tag }, filter: { kind: "tag", tagId: tag.id } };
  }
  return { subject: { kind: "site" }, filter: { kind: "all" } };
}

export const feedRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", feedQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const { subject, filter } = await resolveSubject(db, c.req.valid("query"));
    const rows = await listVisibleArticles(db, { now, filter, limit: FEED_SIZE });
    const ids = rows.map((row) => row.id);
    const [refs, bodies] = await Promise.all([
      loadCardRefs(db, rows),
      ids.length > 0 ? listBodiesByIds(db, ids) : Promise.resolve([]),
    ]);
    const body: FeedResponse = toFeed(
      subject,
      rows,
      refs,
      new Map(bodies.map((row) => [row.id, row.body])),
    );
    return c.json(body, 200);
  },
);
