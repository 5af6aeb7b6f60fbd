import { z } from "zod";
import { ArticleCardSchema, BodyBlockSchema } from "./article-contract.ts";
import { InstantSchema, SlugSchema } from "./contract-fields.ts";

/**
 * What machines read: feeds and sitemaps. References, not addresses: the content fragment
 * builds the XML and the addresses from the shell's route table.
 */

/** Whose newest articles a feed lists: the whole site, or one section, author or tag. */
export const FeedSubjectSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("site") }),
  z.object({
    kind: z.literal("section"),
    slug: SlugSchema,
    name: z.string(),
    description: z.string(),
  }),
  z.object({ kind: z.literal("author"), slug: SlugSchema, name: z.string(), title: z.string() }),
  z.object({ kind: z.literal("tag"), slug: SlugSchema, name: z.string(), description: z.string() }),
]);
export type FeedSubject = z.infer<typeof FeedSubjectSchema>;

/** The newest published articles of a feed's subject; the content fragment writes the XML. */
export const FeedResponseSchema = z.object({
  subject: FeedSubjectSchema,
  updatedAt: InstantSchema.nullable(),
  articles: z.array(
    ArticleCardSchema.extend({
      updatedAt: InstantSchema,
      /** The whole body with its marks (issue 13), for the feed's `content:encoded`. */
      body: z.array(BodyBlockSchema).optional(),
    }),
  ),
});
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

const Dated = { slug: SlugSchema, updatedAt: InstantSchema.nullable() };

/**
 * The sitemap index: how many article pages there are, and every listing (home, sections,
 * categories, authors, tags, static pages) with when it last changed.
 */
export const SitemapIndexResponseSchema = z.object({
  articlePages: z.number().int().min(0),
  siteUpdatedAt: InstantSchema.nullable(),
  sections: z.array(z.object(Dated)),
  categories: z.array(z.object({ section: SlugSchema, ...Dated })),
  authors: z.array(z.object(Dated)),
  tags: z.array(z.object(Dated)),
  pages: z.array(z.object({ slug: SlugSchema, updatedAt: InstantSchema })),
});
export type SitemapIndexResponse = z.infer<typeof SitemapIndexResponseSchema>;

/** Where an article lives: its section, category and slug. */
const ArticleAddressFields = { section: SlugSchema, category: SlugSchema, slug: SlugSchema };

export const SitemapArticlesResponseSchema = z.object({
  page: z.number().int().min(1),
  articles: z.array(z.object({ ...ArticleAddressFields, updatedAt: InstantSchema })),
});
export type SitemapArticlesResponse = z.infer<typeof SitemapArticlesResponseSchema>;

/** Google News sitemap: articles published in the last 48 hours. */
export const NewsSitemapResponseSchema = z.object({
  articles: z.array(
    z.object({ ...ArticleAddressFields, headline: z.string(), publishedAt: InstantSchema }),
  ),
});
export type NewsSitemapResponse = z.infer<typeof NewsSitemapResponseSchema>;
