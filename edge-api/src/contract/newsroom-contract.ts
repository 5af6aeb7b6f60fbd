import { z } from "zod";
import {
  DisplayNameSchema,
  EmailSchema,
  PasswordSchema,
  SecretTokenSchema,
  TokenPairSchema,
} from "./account-contract.ts";
import {
  ArticleCardSchema,
  BodyBlockSchema,
  CorrectionSchema,
  MediaIdSchema,
} from "./article-contract.ts";
import { InstantSchema, SlugSchema } from "./contract-fields.ts";

/**
 * The newsroom's API (issue 13): staff, roles and the second factor (the account team's
 * screens), the story desk and the site's map (the content team's screens), and the audit log.
 * Every endpoint here is signed in; the API checks the caller's role from D1 on every call,
 * never from the token (SECURITY 31, 33), and every newsroom call but the second-factor ones
 * needs a live newsroom session (the second factor passed on this browser's session).
 *
 * Errors, besides the account ones: `second_factor_required` 401 (staff without a live
 * newsroom session: go to `/newsroom/sign-in`), `forbidden` 403 (the role may not do this),
 * `stale_revision` 409 (the write started from an older revision; read the story again),
 * `invalid_story` 422 (a field is wrong; `field` names it), `invalid_link` 422 (a link
 * target that is not http, https, mailto or same-site), `reserved_slug` 409, `slug_taken` 409,
 * `invalid_code` 400 (a wrong or reused second-factor code), `gone` 410 (an unpublished
 * article on the reader side).
 */

// ---- Roles --------------------------------------------------------------------------------

export const staffRoles = ["contributor", "editor", "admin"] as const;
export const accountRoles = ["reader", ...staffRoles] as const;
export type StaffRole = (typeof staffRoles)[number];
export type AccountRole = (typeof accountRoles)[number];
export const StaffRoleSchema = z.enum(staffRoles);
export const AccountRoleSchema = z.enum(accountRoles);

export function isStaffRole(role: string): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role);
}

/**
 * Access-token claims the shell reads for the newsroom's door (never for a decision the API
 * makes): `role` (the account's role when the token was issued) and `nsv` (true when the
 * session has passed the second factor and its newsroom session is live). A role change
 * shows in the next token (15 minutes at most); the API itself re-reads both from D1.
 */
export const ROLE_CLAIM = "role";
export const NEWSROOM_VERIFIED_CLAIM = "nsv";

export const PersonRefSchema = z.object({ id: z.string(), displayName: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

// ---- Second factor (TOTP, RFC 6238) --------------------------------------------------------

/** A six-digit TOTP code or a recovery code (`xxxx-xxxx-xxxx`); spaces are ignored. */
export const SecondFactorCodeSchema = z
  .string()
  .max(64)
  .transform((code) => code.replace(/\s+/g, "").toLowerCase())
  .pipe(z.string().min(6).max(40));

/** `GET /api/newsroom/second-factor`: where this staff member's second factor stands. */
export const SecondFactorStateSchema = z.object({
  role: StaffRoleSchema,
  /** A TOTP secret is confirmed. */
  enrolled: z.boolean(),
  /** This browser's session has passed the second factor and its newsroom session is live. */
  verified: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type SecondFactorState = z.infer<typeof SecondFactorStateSchema>;

/**
 * `POST /api/newsroom/second-factor/enrolment`: a new secret, not yet in force (shown once; a
 * second call replaces it). The account fragment draws the QR code from `otpauthUri`.
 */
export const EnrolmentAnswerSchema = z.object({
  secret: z.string().min(16),
  otpauthUri: z.string().startsWith("otpauth://totp/"),
});

export const SecondFactorCodeBodySchema = z.strictObject({ code: SecondFactorCodeSchema });

/**
 * Confirming enrolment (with a code from the app) or passing the second factor (code or
 * recovery code) starts a newsroom session: new tokens whose access token carries `nsv`.
 * Recovery codes are shown once, on confirmation and on regeneration.
 */
export const EnrolmentConfirmedAnswerSchema = z.object({
  tokens: TokenPairSchema,
  recoveryCodes: z.array(z.string()).length(10),
});
export const SecondFactorPassedAnswerSchema = z.object({
  tokens: TokenPairSchema,
  recoveryCodesLeft: z.number().int().min(0),
  /** True when a recovery code was used (the screen suggests making new ones). */
  usedRecoveryCode: z.boolean(),
});
export const RecoveryCodesAnswerSchema = z.object({
  recoveryCodes: z.array(z.string()).length(10),
});

// ---- Staff and invitations (admin) ---------------------------------------------------------

export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  secondFactor: z.boolean(),
  createdAt: InstantSchema,
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const InviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  invitedBy: PersonRefSchema,
  createdAt: InstantSchema,
  expiresAt: InstantSchema,
});
export type Invite = z.infer<typeof InviteSchema>;

export const StaffAnswerSchema = z.object({
  staff: z.array(StaffMemberSchema),
  /** Invitations not yet accepted and not expired, newest first. */
  invites: z.array(InviteSchema),
});

/** Sends the invitation email (a link to `/newsroom/join?token=…`, single use, 7 days). */
export const InviteBodySchema = z.strictObject({
  email: EmailSchema,
  displayName: DisplayNameSchema,
  role: StaffRoleSchema,
});
export const InviteAnswerSchema = z.object({ invite: InviteSchema });

/** What the invitee sees before accepting (anonymous; `invalid_token` 400 when not usable). */
export const InvitationAnswerSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  /** The address already has an account: the invitee signs in with its password instead. */
  accountExists: z.boolean(),
  expiresAt: InstantSchema,
});

/**
 * Accepting (anonymous): a new account gets `displayName` and `password` (the password
 * policy applies); an existing one proves itself with its `password`. Signs the invitee in;
 * the newsroom then asks them to enrol the second factor.
 */
export const AcceptInviteBodySchema = z.strictObject({
  token: SecretTokenSchema,
  displayName: DisplayNameSchema.optional(),
  password: PasswordSchema,
});

/** `reader` removes the person from the staff; any change ends their newsroom sessions. */
export const ChangeRoleBodySchema = z.strictObject({ role: AccountRoleSchema });
export const StaffMemberAnswerSchema = z.object({ member: StaffMemberSchema.nullable() });

// ---- Audit log (admin) ---------------------------------------------------------------------

export const auditActions = [
  "story.create",
  "story.submit",
  "story.publish",
  "story.schedule",
  "story.unpublish",
  "story.return",
  "story.restore",
  "story.correct",
  "story.slug",
  "taxonomy.create",
  "taxonomy.update",
  "taxonomy.reorder",
  "staff.invite",
  "staff.invite-revoked",
  "staff.join",
  "staff.role",
  "staff.remove",
  "staff.second-factor",
  // The live blog (issue 16, live-contract.ts).
  "live.start",
  "live.end",
  "live.post",
  "live.edit",
  "live.delete",
  // The front page and the banner (issue 16, front-page-contract.ts).
  "front-page.update",
  "banner.on",
  "banner.off",
  // The media library (issue 16, media-contract.ts).
  "media.upload",
  "media.update",
  // The print desk (issue 17, print-desk-contract.ts).
  "print.edition.create",
  "print.placements.update",
  "print.books.update",
  "print.edition.publish",
  "print.template.update",
  "print.settings.update",
  // Imports (issue 18, decision 0024): one entry per batch of stories.
  "import.batch",
  // The newsroom's Import screen (import-contract.ts): an upload checked, an import started.
  "import.upload",
  "import.run",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: InstantSchema,
  actor: PersonRefSchema.nullable(),
  action: z.enum(auditActions),
  /** What it was done to, for people: "story 42 “Headline”", "ada@example.com". */
  subject: z.string(),
  /** What changed, field by field (`{ role: ["editor", "admin"] }`). */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditAnswerSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});

// ---- Stories -------------------------------------------------------------------------------

/**
 * Stored statuses are draft, submitted, published and unpublished; `scheduled` is a published
 * story whose `publishedAt` is still ahead (the reader side shows it from that instant on, with
 * no job: the visibility rule and the content version already follow the clock).
 */
export const storyStatuses = [
  "draft",
  "submitted",
  "scheduled",
  "published",
  "unpublished",
] as const;
export type StoryStatus = (typeof storyStatuses)[number];
export const StoryStatusSchema = z.enum(storyStatuses);

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

/**
 * The story's lead: a generated illustration (`imageId`) or a photograph from the media library
 * (`mediaId`, issue 16), exactly one, with the story's own alt text, caption and credit for it.
 */
export const LeadImageFieldsSchema = z
  .object({
    imageId: z.number().int().positive().optional(),
    mediaId: MediaIdSchema.optional(),
    alt: z.string().trim().min(1).max(500),
    caption: z.string().trim().max(500),
    credit: z.string().trim().min(1).max(500),
  })
  .refine((lead) => (lead.imageId === undefined) !== (lead.mediaId === undefined), {
    message: "Choose one lead image: an illustration or a photograph.",
    path: ["imageId"],
  });

/** What a person edits. Section, category, authors and tags are referred to by slug. */
export const StoryFieldsSchema = z.strictObject({
  headline: z.string().trim().min(1).max(200),
  standfirst: z.string().trim().max(600),
  /** Checked again by the API's body gate (link schemes, sizes, characters). */
  body: z.array(BodyBlockSchema).max(400),
  section: SlugSchema,
  category: SlugSchema,
  /** At least one author profile, in byline order. */
  authors: z.array(SlugSchema).min(1).max(10),
  tags: z.array(SlugSchema).max(20),
  /** Lower-case letters, digits and hyphens; the editor proposes one from the headline. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(120),
  seoTitle: z.string().trim().max(SEO_TITLE_MAX),
  seoDescription: z.string().trim().max(SEO_DESCRIPTION_MAX),
  leadImage: LeadImageFieldsSchema.nullable(),
});
export type StoryFields = z.infer<typeof StoryFieldsSchema>;

export const StoryCorrectionSchema = CorrectionSchema.extend({
  id: z.string(),
  by: PersonRefSchema.nullable(),
});

/** What the caller may do with this story now (the screens hide what the API would refuse). */
export const StoryPermissionsSchema = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  publish: z.boolean(),
  unpublish: z.boolean(),
  correct: z.boolean(),
});

export const StorySchema = z.object({
  id: z.string(),
  /** The revision this answer shows; every write names the one it started from. */
  revision: z.string(),
  status: StoryStatusSchema,
  fields: StoryFieldsSchema,
  /** When it went or goes live (scheduled: ahead); null for drafts. */
  publishedAt: InstantSchema.nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  createdBy: PersonRefSchema.nullable(),
  updatedBy: PersonRefSchema.nullable(),
  corrections: z.array(StoryCorrectionSchema),
  can: StoryPermissionsSchema,
});
export type Story = z.infer<typeof StorySchema>;
export const StoryAnswerSchema = z.object({ story: StorySchema });

export const StorySummarySchema = z.object({
  id: z.string(),
  headline: z.string(),
  status: StoryStatusSchema,
  section: z.object({ slug: SlugSchema, name: z.string() }),
  authors: z.array(z.object({ slug: SlugSchema, name: z.string() })),
  publishedAt: InstantSchema.nullable(),
  updatedAt: InstantSchema,
  updatedBy: PersonRefSchema.nullable(),
});
export type StorySummary = z.infer<typeof StorySummarySchema>;

/** Newest updated first, 25 a page. */
export const StoriesAnswerSchema = z.object({
  stories: z.array(StorySummarySchema),
  nextCursor: z.string().nullable(),
});
export type StoriesQuery = {
  status?: StoryStatus;
  section?: string;
  author?: string;
  q?: string;
  cursor?: string;
};

export const CreateStoryBodySchema = z.strictObject({ fields: StoryFieldsSchema });
export const SaveStoryBodySchema = z.strictObject({
  baseRevision: z.string().min(1).max(64),
  fields: StoryFieldsSchema,
});

export const workflowActions = ["submit", "return", "publish", "schedule", "unpublish"] as const;
export type WorkflowAction = (typeof workflowActions)[number];
/**
 * `submit` (author, draft -> submitted), `return` (editor, back to draft), `publish` (now),
 * `schedule` (at `publishAt`, which must be ahead), `unpublish` (410 for readers at once).
 */
export const WorkflowBodySchema = z.strictObject({
  baseRevision: z.string().min(1).max(64),
  action: z.enum(workflowActions),
  publishAt: z.iso.datetime({ offset: true }).optional(),
});

export const CorrectionBodySchema = z.strictObject({
  baseRevision: z.string().min(1).max(64),
  text: z.string().trim().min(1).max(2000),
});

export const RevisionSummarySchema = z.object({
  id: z.string(),
  /** 1, 2, 3… per story. */
  number: z.number().int().min(1),
  createdAt: InstantSchema,
  author: PersonRefSchema.nullable(),
  /** "Saved", "Published", "Restored revision 3"… */
  note: z.string(),
});
export const RevisionsAnswerSchema = z.object({ revisions: z.array(RevisionSummarySchema) });
export const RevisionAnswerSchema = z.object({
  revision: RevisionSummarySchema.extend({ fields: StoryFieldsSchema }),
});
export const RestoreBodySchema = z.strictObject({ baseRevision: z.string().min(1).max(64) });

/** A private, expiring preview address's token (staff only; 24 hours). */
export const PreviewAnswerSchema = z.object({ token: z.string(), expiresAt: InstantSchema });

// ---- The site's map: sections, categories, authors, tags, images --------------------------

const NameSchema = z.string().trim().min(1).max(120);
const DescriptionSchema = z.string().trim().max(1000);
const TaxonomySlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(80);

export const DeskCategorySchema = z.object({ id: z.string(), slug: SlugSchema, name: z.string() });
export const DeskSectionSchema = z.object({
  id: z.string(),
  slug: SlugSchema,
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  categories: z.array(DeskCategorySchema),
});
export const DeskAuthorSchema = z.object({
  id: z.string(),
  slug: SlugSchema,
  name: z.string(),
  jobTitle: z.string(),
  bio: z.string(),
});
export const DeskTagSchema = z.object({
  id: z.string(),
  slug: SlugSchema,
  name: z.string(),
  description: z.string(),
});
export const DeskImageSchema = z.object({
  id: z.number().int().positive(),
  src: z.string(),
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** Everything the story editor's pickers need, in one answer. */
export const TaxonomyAnswerSchema = z.object({
  sections: z.array(DeskSectionSchema),
  authors: z.array(DeskAuthorSchema),
  tags: z.array(DeskTagSchema),
});
export const DeskImagesAnswerSchema = z.object({ images: z.array(DeskImageSchema) });

export const SectionBodySchema = z.strictObject({
  slug: TaxonomySlugSchema,
  name: NameSchema,
  description: DescriptionSchema,
});
export const SectionOrderBodySchema = z.strictObject({ ids: z.array(z.string()).min(1).max(100) });
export const CategoryBodySchema = z.strictObject({ slug: TaxonomySlugSchema, name: NameSchema });
export const AuthorBodySchema = z.strictObject({
  slug: TaxonomySlugSchema,
  name: NameSchema,
  jobTitle: z.string().trim().max(120),
  bio: DescriptionSchema,
});
export const TagBodySchema = z.strictObject({
  slug: TaxonomySlugSchema,
  name: NameSchema,
  description: DescriptionSchema,
});
export const DeskSectionAnswerSchema = z.object({ section: DeskSectionSchema });
export const DeskCategoryAnswerSchema = z.object({ category: DeskCategorySchema });
export const DeskAuthorAnswerSchema = z.object({ author: DeskAuthorSchema });
export const DeskTagAnswerSchema = z.object({ tag: DeskTagSchema });

// ---- Reader side ----------------------------------------------------------------------------

/** `GET /api/corrections`: every correction on a published article, newest first. */
export const CorrectionsAnswerSchema = z.object({
  corrections: z.array(CorrectionSchema.extend({ article: ArticleCardSchema })),
  nextCursor: z.string().nullable(),
});

/** A preview: the article as a reader would see it, from the story's current revision. */
export { ArticleResponseSchema as PreviewArticleAnswerSchema } from "./article-contract.ts";
