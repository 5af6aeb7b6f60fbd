import { Hono } from "hono";
import { z } from "zod";
import { toCardRefs } from "../../db/article-ref-queries.ts";
import {
  authorListingQueries,
  listingPageValues,
  tagListingQueries,
  walkOf,
} from "../../db/listing-page-queries.ts";
import { runPrepared } from "../../db/prepared-batch.ts";
import type { ImageRow } from "../../db/schema.ts";
import {
  listAuthorsWithArticles,
  listTagsWithArticles,
} from "../../db/contributor-index-queries.ts";
import type {
  AuthorResponse,
  AuthorsIndexResponse,
  TagResponse,
  TagsIndexResponse,
} from "../../contract/listing-contract.ts";
import { placeholderPortrait, toImageRef } from "../../domain/image-shaping.ts";
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

const slugParam = z.strictObject({ slug: slugSchema });

/** An author's portrait, or the publication's placeholder for an author without one. */
function portraitOf(name: string, image: ImageRow | null | undefined, publication: string) {
  return image ? toImageRef(image) : placeholderPortrait(name, publication);
}

/** `GET /api/authors`: every author with a visible article, by name (issue 15). */
export const authorRoutes = new Hono<AppEnv>()
  .get("/", validate("query", noQuerySchema), async (c) => {
    const { db, now, config } = c.var;
    const rows = await listAuthorsWithArticles(db, now);
    const body: AuthorsIndexResponse = {
      authors: rows.map(({ author, articleCount, portrait }) => ({
        slug: author.slug,
        name: author.name,
        title: author.title,
        portrait: portraitOf(author.name, portrait, config.PUBLICATION_NAME),
        articleCount,
      })),
    };
    return c.json(body, 200);
  })
  .get("/:slug", validate("param", slugParam), validate("query", listingQuerySchema), async (c) => {
    const { db, now } = c.var;
    const wanted = listingPageFromQuery(c.req.valid("query"));
    const values = listingPageValues(c.req.valid("param"), wanted, now);
    const [[author], [portrait], rows, behind, ...refRows] = await runPrepared(
      db,
      authorListingQueries(db, walkOf(wanted)),
      values,
    );
    if (!author) throw notFound("Author");
    const body: AuthorResponse = {
      author: {
        slug: author.slug,
        name: author.name,
        title: author.title,
        bio: author.bio,
        portrait: portraitOf(author.name, portrait, c.var.config.PUBLICATION_NAME),
      },
      ...toArticlePage(wanted, rows, behind, toCardRefs(refRows)),
    };
    return c.json(body, 200);
  });

/** `GET /api/tags`: every tag with a visible article, most used first (issue 15). */
export const tagRoutes = new Hono<AppEnv>()
  .get("/", validate("query", noQuerySchema), async (c) => {
    const rows = await listTagsWithArticles(c.var.db, c.var.now);
    const body: TagsIndexResponse = {
      tags: rows.map(({ tag, articleCount }) => ({ slug: tag.slug, name: tag.name, articleCount })),
    };
    return c.json(body, 200);
  })
  .get("/:slug", validate("param", slugParam), validate("query", listingQuerySchema), async (c) => {
    const { db, now } = c.var;
    const wanted = listingPageFromQuery(c.req.valid("query"));
    const values = listingPageValues(c.req.valid("param"), wanted, now);
    const [[tag], rows, behind, ...refRows] = await runPrepared(
      db,
      tagListingQueries(db, walkOf(wanted)),
      values,
    );
    if (!tag) throw notFound("Tag");
    const body: TagResponse = {
      tag: { slug: tag.slug, name: tag.name, description: tag.description },
      ...toArticlePage(wanted, rows, behind, toCardRefs(refRows)),
    };
    return c.json(body, 200);
  });
