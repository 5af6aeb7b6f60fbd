import { z } from "zod";
import {
  CalendarDateSchema,
  InlineRunSchema,
  InstantSchema,
  SlugSchema,
  type InlineRun,
} from "./contract-fields.ts";
import { ArticleLiveSchema } from "./live-contract.ts";
import { VARIANT_USES, VARIANT_WIDTHS } from "./media-variants.ts";

/**
 * Articles and what they are made of: references to sections, categories, authors and tags,
 * images, body blocks, the card every listing shows and the full article. The other content
 * answers are built from these (decision 0012). References carry slugs, never addresses.
 */

export const NamedRefSchema = z.object({ slug: SlugSchema, name: z.string() });
export const SectionRefSchema = NamedRefSchema;
export const CategoryRefSchema = NamedRefSchema;
export const AuthorRefSchema = NamedRefSchema;
export const TagRefSchema = NamedRefSchema;
export type SectionRef = z.infer<typeof SectionRefSchema>;
export type CategoryRef = z.infer<typeof CategoryRefSchema>;
export type AuthorRef = z.infer<typeof AuthorRefSchema>;
export type TagRef = z.infer<typeof TagRefSchema>;

export const SectionSummarySchema = SectionRefSchema.extend({
  description: z.string(),
  categories: z.array(CategoryRefSchema),
});
export type SectionSummary = z.infer<typeof SectionSummarySchema>;

/** A media library id: 32 lower-case hex digits. */
export const MediaIdSchema = z.string().regex(/^[0-9a-f]{32}$/, "Not a photograph's id.");

/**
 * The photograph from the media library behind an image (issue 16, decision 0022): pages build
 * its raster variants' addresses from this (`srcsetOf`, `mediaOgPath` in media-variants.ts).
 * `use` is the crop shown (`wide` for leads and cards, `full` in a body); `widths` are the
 * variant widths that use has (never wider than the photograph), smallest first.
 */
export const ImageMediaSchema = z.object({
  id: MediaIdSchema,
  revision: z.number().int().positive(),
  use: z.enum(VARIANT_USES),
  widths: z
    .array(
      z
        .number()
        .int()
        .refine((w) => (VARIANT_WIDTHS as readonly number[]).includes(w)),
    )
    .min(1)
    .max(VARIANT_WIDTHS.length),
});
export type ImageMedia = z.infer<typeof ImageMediaSchema>;

/**
 * An image the API serves at `src`: a generated illustration (`/images/<id>.svg`, its own
 * resource, immutable) or, with `media`, a photograph, where `src` is its JPEG fallback variant
 * and `media` names the rest. `width`/`height` give the intrinsic aspect ratio (of the use
 * shown) so pages reserve space before it loads.
 *
 * In a story's body as the newsroom writes it, an image block names its photograph by
 * `media.id`; the API fills in the rest from the library when it saves and again when it
 * serves (so a new crop or revision shows without re-saving the story).
 */
export const ImageRefSchema = z.object({
  src: z.string().min(1).max(2048),
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  media: ImageMediaSchema.optional(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const ArticleCardSchema = z.object({
  slug: SlugSchema,
  headline: z.string(),
  standfirst: z.string(),
  publishedAt: InstantSchema,
  section: SectionRefSchema,
  category: CategoryRefSchema,
  authors: z.array(AuthorRefSchema),
  /** The lead image, for cards that show one. */
  image: ImageRefSchema.nullable(),
});
export type ArticleCard = z.infer<typeof ArticleCardSchema>;

// Runs live in contract-fields.ts (the live blog uses them too); exported from here as before.
export { InlineRunSchema, type InlineRun };

/**
 * Article bodies are structured blocks of plain text; no HTML is stored or served. A block
 * with inline marks carries `runs` (paragraph, quote) or `itemRuns` (list, one array per item)
 * as well as its plain `text`/`items`, which are always the runs' text joined: search, word
 * counts and anything that ignores marks read the plain text.
 */
export const BodyBlockSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("paragraph"),
    text: z.string(),
    runs: z.array(InlineRunSchema).optional(),
  }),
  z.object({ type: z.literal("heading"), text: z.string() }),
  z.object({
    type: z.literal("quote"),
    text: z.string(),
    attribution: z.string().optional(),
    runs: z.array(InlineRunSchema).optional(),
  }),
  z.object({ type: z.literal("pullquote"), text: z.string() }),
  z.object({
    type: z.literal("list"),
    ordered: z.boolean().optional(),
    items: z.array(z.string()),
    itemRuns: z.array(z.array(InlineRunSchema)).optional(),
  }),
  z.object({ type: z.literal("image"), image: ImageRefSchema }),
]);
export type BodyBlock = z.infer<typeof BodyBlockSchema>;

export const PrintPlacementRefSchema = z.object({
  editionDate: CalendarDateSchema,
  /** Page label, e.g. `A1`. */
  page: z.string(),
  /** The book's name, e.g. `News` (schema.org `printSection`). */
  book: z.string(),
});
export type PrintPlacementRef = z.infer<typeof PrintPlacementRefSchema>;

/** A correction appended to a published article by an editor. */
export const CorrectionSchema = z.object({ at: InstantSchema, text: z.string() });
export type Correction = z.infer<typeof CorrectionSchema>;

export const ArticleDetailSchema = ArticleCardSchema.extend({
  updatedAt: InstantSchema,
  body: z.array(BodyBlockSchema),
  tags: z.array(TagRefSchema),
  print: PrintPlacementRefSchema.nullable(),
  wordCount: z.number().int().min(0),
  /** Minutes at ~230 words a minute, at least 1. */
  readingMinutes: z.number().int().min(1),
  /** Up to 4 other published articles sharing tags or the category, newest first. */
  related: z.array(ArticleCardSchema),
  /** Dated correction notes, oldest first (issue 13); shown at the foot and in JSON-LD. */
  corrections: z.array(CorrectionSchema),
  /** SEO title and description set by the desk; empty means "use headline/standfirst". */
  seo: z.object({ title: z.string(), description: z.string() }),
  /** A live blog's state and newest updates (issue 16, `live-contract.ts`); null otherwise. */
  live: ArticleLiveSchema.nullable(),
});
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

export const ArticleResponseSchema = z.object({ article: ArticleDetailSchema });
export type ArticleResponse = z.infer<typeof ArticleResponseSchema>;

/** A static site page (`/api/pages/about`): body blocks like an article's. */
export const PageResponseSchema = z.object({
  page: z.object({
    slug: SlugSchema,
    title: z.string(),
    body: z.array(BodyBlockSchema),
    updatedAt: InstantSchema,
  }),
});
export type PageResponse = z.infer<typeof PageResponseSchema>;
