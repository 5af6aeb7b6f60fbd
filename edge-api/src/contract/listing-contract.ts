import { z } from "zod";
import {
  ArticleCardSchema,
  AuthorRefSchema,
  CategoryRefSchema,
  ImageRefSchema,
  SectionRefSchema,
  SectionSummarySchema,
  TagRefSchema,
} from "./article-contract.ts";

/** The site's map and its listings: home, sections, categories, authors and tags. */

/**
 * A listing page, newest first (issue 15 added the way back). `nextBefore` is the keyset cursor
 * of the page of older articles (`?before=`), null on the last page; `newerAfter` is the cursor
 * of the page of newer ones (`?after=`), null when this page holds the newest articles. A
 * listing is asked with `before` or `after`, never both (400).
 */
const ArticlePageFields = {
  articles: z.array(ArticleCardSchema),
  nextBefore: z.string().nullable(),
  newerAfter: z.string().nullable(),
};
export const ArticlePageSchema = z.object(ArticlePageFields);
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

export const SectionsResponseSchema = z.object({ sections: z.array(SectionSummarySchema) });
export type SectionsResponse = z.infer<typeof SectionsResponseSchema>;

export const HomeResponseSchema = z.object({
  lead: ArticleCardSchema.nullable(),
  top: z.array(ArticleCardSchema),
  sections: z.array(z.object({ section: SectionRefSchema, articles: z.array(ArticleCardSchema) })),
  latest: z.array(ArticleCardSchema),
});
export type HomeResponse = z.infer<typeof HomeResponseSchema>;

export const SectionResponseSchema = z.object({
  section: SectionSummarySchema,
  ...ArticlePageFields,
});
export type SectionResponse = z.infer<typeof SectionResponseSchema>;

export const CategoryResponseSchema = z.object({
  section: SectionSummarySchema,
  category: CategoryRefSchema.extend({ description: z.string() }),
  ...ArticlePageFields,
});
export type CategoryResponse = z.infer<typeof CategoryResponseSchema>;

export const AuthorResponseSchema = z.object({
  author: AuthorRefSchema.extend({
    title: z.string(),
    bio: z.string(),
    portrait: ImageRefSchema,
  }),
  ...ArticlePageFields,
});
export type AuthorResponse = z.infer<typeof AuthorResponseSchema>;

export const TagResponseSchema = z.object({
  tag: TagRefSchema.extend({ description: z.string() }),
  ...ArticlePageFields,
});
export type TagResponse = z.infer<typeof TagResponseSchema>;

/** `GET /api/authors`: every author with a published article, by name (issue 15). */
export const AuthorSummarySchema = AuthorRefSchema.extend({
  /** The author's role at the paper, e.g. "Europe correspondent". */
  title: z.string(),
  portrait: ImageRefSchema,
  /** Visible (published) articles. */
  articleCount: z.number().int().min(0),
});
export type AuthorSummary = z.infer<typeof AuthorSummarySchema>;
export const AuthorsIndexResponseSchema = z.object({ authors: z.array(AuthorSummarySchema) });
export type AuthorsIndexResponse = z.infer<typeof AuthorsIndexResponseSchema>;

/** `GET /api/tags`: every tag with a published article, most used first, then by name. */
export const TagSummarySchema = TagRefSchema.extend({
  articleCount: z.number().int().min(0),
});
export type TagSummary = z.infer<typeof TagSummarySchema>;
export const TagsIndexResponseSchema = z.object({ tags: z.array(TagSummarySchema) });
export type TagsIndexResponse = z.infer<typeof TagsIndexResponseSchema>;
