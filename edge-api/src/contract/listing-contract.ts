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

/** A listing page: newest first, `nextBefore` is the keyset cursor of the next page. */
const ArticlePageFields = {
  articles: z.array(ArticleCardSchema),
  nextBefore: z.string().nullable(),
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
