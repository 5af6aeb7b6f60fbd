import { Hono } from "hono";
import { z } from "zod";
import { findImageById } from "../../db/image-queries.ts";
import { findAuthorBySlug, findTagBySlug } from "../../db/taxonomy-queries.ts";
import type { AuthorResponse, TagResponse } from "../../contract/listing-contract.ts";
import { placeholderPortrait, toImageRef } from "../../domain/image-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { loadArticlePage } from "../article-listing.ts";
import {
  listingPageFromQuery,
  listingQuerySchema,
  slugSchema,
  validate,
} from "../request-validation.ts";

const slugParam = z.strictObject({ slug: slugSchema });

export const authorRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", slugParam),
  validate("query", listingQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const wanted = listingPageFromQuery(c.req.valid("query"));
    const author = await findAuthorBySlug(db, c.req.valid("param").slug);
    if (!author) throw notFound("Author");
    const [page, portrait] = await Promise.all([
      loadArticlePage(db, now, { kind: "author", authorId: author.id }, wanted),
      author.portraitImageId === null ? undefined : findImageById(db, author.portraitImageId),
    ]);
    const body: AuthorResponse = {
      author: {
        slug: author.slug,
        name: author.name,
        title: author.title,
        bio: author.bio,
        portrait: portrait
          ? toImageRef(portrait)
          : placeholderPortrait(author.name, c.var.config.PUBLICATION_NAME),
      },
      ...page,
    };
    return c.json(body, 200);
  },
);

export const tagRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", slugParam),
  validate("query", listingQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const wanted = listingPageFromQuery(c.req.valid("query"));
    const tag = await findTagBySlug(db, c.req.valid("param").slug);
    if (!tag) throw notFound("Tag");
    const page = await loadArticlePage(db, now, { kind: "tag", tagId: tag.id }, wanted);
    const body: TagResponse = {
      tag: { slug: tag.slug, name: tag.name, description: tag.description },
      ...page,
    };
    return c.json(body, 200);
  },
);
