import { z } from "zod";
import { InstantSchema, SlugSchema } from "./contract-fields.ts";
import { PersonRefSchema } from "./newsroom-contract.ts";

/**
 * The front page editors run and the breaking-news banner (issue 16, decision 0020). The
 * newsroom reads and replaces the curation (editors and admins write; contributors 403); the
 * banner's public read is `GET /api/banner`. `GET /api/home` keeps its answer and applies the
 * curation. Errors: `stale_revision` 409 (the curation changed since it was read),
 * `invalid_front_page` 422 and `invalid_banner` 422 (with `field`), `invalid_link` 422 (a banner
 * link that is neither a same-site path nor an https URL).
 */

/** Slots after the lead, and stories per section block (as the home page shows them). */
export const FRONT_PAGE_TOP_SLOTS = 4;
export const FRONT_PAGE_PER_SECTION = 4;
export const BANNER_HEADLINE_MAX = 140;

export const StoryIdSchema = z.string().regex(/^[1-9]\d{0,14}$/);

export const FrontPageSectionBlockSchema = z.strictObject({
  section: SlugSchema,
  /** null: automatic (the section's newest); otherwise the picked stories, in order. */
  stories: z.array(StoryIdSchema).min(1).max(FRONT_PAGE_PER_SECTION).nullable(),
});
export type FrontPageSectionBlock = z.infer<typeof FrontPageSectionBlockSchema>;

/**
 * Each slot is pinned to a story (its id) or automatic (null): automatic slots fill with the
 * newest visible stories not already placed. A pinned story that is no longer visible drops out
 * of its slot on the home page (the slot fills automatically).
 */
export const FrontPageCurationSchema = z.strictObject({
  lead: StoryIdSchema.nullable(),
  top: z.array(StoryIdSchema.nullable()).length(FRONT_PAGE_TOP_SLOTS),
  /** Sections not listed are automatic. */
  sections: z.array(FrontPageSectionBlockSchema).max(200),
});
export type FrontPageCuration = z.infer<typeof FrontPageCurationSchema>;

export const SaveFrontPageBodySchema = z.strictObject({
  /** The revision the editor started from ("0" before the first curation). */
  baseRevision: z.string().regex(/^\d{1,12}$/),
  curation: FrontPageCurationSchema,
});
export type SaveFrontPageBody = z.infer<typeof SaveFrontPageBodySchema>;

/** A story an editor may put on the front page (or one already there, `visible` or not). */
export const FrontPageCandidateSchema = z.object({
  id: StoryIdSchema,
  headline: z.string(),
  section: z.object({ slug: SlugSchema, name: z.string() }),
  publishedAt: InstantSchema.nullable(),
  /** False for a pinned story that readers cannot see now: it drops out of its slot. */
  visible: z.boolean(),
});
export type FrontPageCandidate = z.infer<typeof FrontPageCandidateSchema>;

export const FrontPageAnswerSchema = z.object({
  frontPage: z.object({
    revision: z.string(),
    /** `sections` lists every section of the site, in the site's order. */
    curation: FrontPageCurationSchema,
    updatedAt: InstantSchema.nullable(),
    updatedBy: PersonRefSchema.nullable(),
  }),
  sections: z.array(z.object({ slug: SlugSchema, name: z.string() })),
  /** The newest visible stories, the newest of each section, and every pinned story. */
  candidates: z.array(FrontPageCandidateSchema),
});
export type FrontPageAnswer = z.infer<typeof FrontPageAnswerSchema>;

// ---- The breaking-news banner ---------------------------------------------------------------

/** What readers see: absent (null) when the banner is off. */
export const BannerSchema = z.object({
  headline: z.string().min(1).max(BANNER_HEADLINE_MAX),
  /** A same-site path (`/…`) or an https URL. */
  link: z.string().min(1),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannerAnswerSchema = z.object({ banner: BannerSchema.nullable() });
export type BannerAnswer = z.infer<typeof BannerAnswerSchema>;

/** The newsroom's view: the text is kept while the banner is off. null: never set. */
export const DeskBannerAnswerSchema = z.object({
  banner: BannerSchema.extend({
    active: z.boolean(),
    updatedAt: InstantSchema,
    updatedBy: PersonRefSchema.nullable(),
  }).nullable(),
});
export type DeskBannerAnswer = z.infer<typeof DeskBannerAnswerSchema>;

/** Lengths and the link are checked by the API with clear 422s, not by this shape. */
export const SaveBannerBodySchema = z.strictObject({
  headline: z.string().max(2_000),
  link: z.string().max(2_000),
  active: z.boolean(),
});
export type SaveBannerBody = z.infer<typeof SaveBannerBodySchema>;
