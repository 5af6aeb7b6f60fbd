import type { z } from "zod";
import {
  AccountAnswerSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CheckEmailAnswerSchema,
  DeleteAccountBodySchema,
  ForgotPasswordBodySchema,
  JwksAnswerSchema,
  LoginAnswerSchema,
  LoginBodySchema,
  OutboxAnswerSchema,
  ProfileBodySchema,
  RefreshBodySchema,
  ResetAnswerSchema,
  ResetPasswordBodySchema,
  AccountExportAnswerSchema,
  SavedArticlesAnswerSchema,
  SavedStateAnswerSchema,
  SessionsAnswerSchema,
  SignedInAnswerSchema,
  SignUpAnswerSchema,
  SignUpBodySchema,
  VerifyEmailAnswerSchema,
  TokenBodySchema,
  TokensAnswerSchema,
} from "./account-contract.ts";
import { ArticleResponseSchema, PageResponseSchema } from "./article-contract.ts";
import {
  AuthorsIndexResponseSchema,
  AuthorResponseSchema,
  CategoryResponseSchema,
  HomeResponseSchema,
  SectionResponseSchema,
  SectionsResponseSchema,
  TagResponseSchema,
  TagsIndexResponseSchema,
} from "./listing-contract.ts";
import {
  EditionCalendarResponseSchema,
  EditionResponseSchema,
  NearestEditionsResponseSchema,
} from "./edition-contract.ts";
import { SearchResponseSchema, type SearchParams } from "./search-contract.ts";
import {
  FeedResponseSchema,
  NewsSitemapResponseSchema,
  SitemapArticlesResponseSchema,
  SitemapIndexResponseSchema,
} from "./feed-and-sitemap-contract.ts";
import { ContentVersionResponseSchema } from "./content-contract.ts";
import { RedirectAnswerSchema } from "./redirect-contract.ts";
import {
  DeleteLiveUpdateBodySchema,
  DeskLiveAnswerSchema,
  EditLiveUpdateBodySchema,
  LiveStateBodySchema,
  LiveUpdateBodySchema,
  LiveUpdatesResponseSchema,
} from "./live-contract.ts";
import { MediaItemSchema, MediaListSchema, MediaPatchBodySchema } from "./media-contract.ts";
import { ImportAnswerSchema, ImportRunBodySchema, ImportsAnswerSchema } from "./import-contract.ts";
import {
  BannerAnswerSchema,
  DeskBannerAnswerSchema,
  FrontPageAnswerSchema,
  SaveBannerBodySchema,
  SaveFrontPageBodySchema,
} from "./front-page-contract.ts";
import {
  PlanEditionBodySchema,
  PrintEditionAnswerSchema,
  PrintEditionsAnswerSchema,
  type PrintEditionsQuery,
  PrintSettingsAnswerSchema,
  PrintStoriesAnswerSchema,
  type PrintStoriesQuery,
  PrintTemplateAnswerSchema,
  PublishEditionBodySchema,
  SaveBooksBodySchema,
  SavePageBodySchema,
  SaveSettingsBodySchema,
  SaveTemplateBodySchema,
} from "./print-desk-contract.ts";
import {
  AcceptInviteBodySchema,
  AuditAnswerSchema,
  AuthorBodySchema,
  CategoryBodySchema,
  ChangeRoleBodySchema,
  CorrectionBodySchema,
  CorrectionsAnswerSchema,
  CreateStoryBodySchema,
  DeskAuthorAnswerSchema,
  DeskCategoryAnswerSchema,
  DeskImagesAnswerSchema,
  DeskSectionAnswerSchema,
  DeskTagAnswerSchema,
  EnrolmentAnswerSchema,
  EnrolmentConfirmedAnswerSchema,
  InvitationAnswerSchema,
  InviteAnswerSchema,
  InviteBodySchema,
  PreviewAnswerSchema,
  PreviewArticleAnswerSchema,
  RecoveryCodesAnswerSchema,
  RestoreBodySchema,
  RevisionAnswerSchema,
  RevisionsAnswerSchema,
  SaveStoryBodySchema,
  SecondFactorCodeBodySchema,
  SecondFactorPassedAnswerSchema,
  SecondFactorStateSchema,
  SectionBodySchema,
  SectionOrderBodySchema,
  StaffAnswerSchema,
  StaffMemberAnswerSchema,
  StoriesAnswerSchema,
  StoryAnswerSchema,
  TagBodySchema,
  TaxonomyAnswerSchema,
  WorkflowBodySchema,
  type StoriesQuery,
} from "./newsroom-contract.ts";

/**
 * Every endpoint the API offers other Workers: method, path pattern, the query it takes, the
 * body schema (what the API itself validates with) and the answer schema (what the client
 * checks). The client, the fake of the API and a test against the API's router are all built
 * from this one table, so an endpoint cannot be renamed in one place and not the others.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A phantom marker for an endpoint's query parameters (typed, not sent through zod). */
type Query<Shape> = { readonly query?: Shape };

export interface Endpoint<
  Path extends string = string,
  Answer extends z.ZodType | null = z.ZodType | null,
  Body extends z.ZodType | null = z.ZodType | null,
> {
  method: HttpMethod;
  path: Path;
  /** null: the answer is `204 No Content`. */
  answer: Answer;
  body: Body;
  /** Sends the reader's access token (`authorization: Bearer`). */
  signedIn: boolean;
}

function get<const Path extends string, Answer extends z.ZodType, Q = Record<string, never>>(
  path: Path,
  answer: Answer,
  signedIn = false,
): Endpoint<Path, Answer, null> & Query<Q> {
  return { method: "GET", path, answer, body: null, signedIn };
}

function send<
  const Path extends string,
  Answer extends z.ZodType | null,
  Body extends z.ZodType | null,
>(
  method: Exclude<HttpMethod, "GET">,
  path: Path,
  body: Body,
  answer: Answer,
  signedIn = false,
): Endpoint<Path, Answer, Body> & Query<Record<string, never>> {
  return { method, path, answer, body, signedIn };
}

/** A listing's page: older than `before` or newer than `after` (never both), or the newest. */
type Listing = { before?: string; after?: string };

export const apiEndpoints = {
  contentVersion: get("/api/content-version", ContentVersionResponseSchema),
  sections: get("/api/sections", SectionsResponseSchema),
  home: get("/api/home", HomeResponseSchema),
  section: get<"/api/sections/:section", typeof SectionResponseSchema, Listing>(
    "/api/sections/:section",
    SectionResponseSchema,
  ),
  category: get<
    "/api/sections/:section/categories/:category",
    typeof CategoryResponseSchema,
    Listing
  >("/api/sections/:section/categories/:category", CategoryResponseSchema),
  article: get("/api/articles/:slug", ArticleResponseSchema),
  /** A live blog's updates newer than `after` (issue 16; live-contract.ts). */
  liveUpdates: get<
    "/api/articles/:slug/updates",
    typeof LiveUpdatesResponseSchema,
    { after?: string }
  >("/api/articles/:slug/updates", LiveUpdatesResponseSchema),
  author: get<"/api/authors/:slug", typeof AuthorResponseSchema, Listing>(
    "/api/authors/:slug",
    AuthorResponseSchema,
  ),
  tag: get<"/api/tags/:slug", typeof TagResponseSchema, Listing>(
    "/api/tags/:slug",
    TagResponseSchema,
  ),
  authors: get("/api/authors", AuthorsIndexResponseSchema),
  tags: get("/api/tags", TagsIndexResponseSchema),
  page: get("/api/pages/:slug", PageResponseSchema),
  /** Where an imported publication's old address leads now (issue 18; redirect-contract.ts). */
  legacyRedirect: get<"/api/redirects", typeof RedirectAnswerSchema, { path: string }>(
    "/api/redirects",
    RedirectAnswerSchema,
  ),
  latestEdition: get<"/api/editions/latest", typeof EditionResponseSchema, { onOrBefore: string }>(
    "/api/editions/latest",
    EditionResponseSchema,
  ),
  editionCalendar: get<
    "/api/editions/calendar",
    typeof EditionCalendarResponseSchema,
    { month: string }
  >("/api/editions/calendar", EditionCalendarResponseSchema),
  nearestEditions: get<
    "/api/editions/nearest",
    typeof NearestEditionsResponseSchema,
    { date: string }
  >("/api/editions/nearest", NearestEditionsResponseSchema),
  edition: get("/api/editions/:date", EditionResponseSchema),
  search: get<"/api/search", typeof SearchResponseSchema, SearchParams>(
    "/api/search",
    SearchResponseSchema,
  ),
  feed: get<
    "/api/feeds",
    typeof FeedResponseSchema,
    { section?: string; author?: string; tag?: string }
  >("/api/feeds", FeedResponseSchema),
  sitemapIndex: get("/api/sitemap", SitemapIndexResponseSchema),
  sitemapArticles: get("/api/sitemap/articles/:page", SitemapArticlesResponseSchema),
  newsSitemap: get("/api/sitemap/news", NewsSitemapResponseSchema),

  signUp: send("POST", "/api/auth/sign-up", SignUpBodySchema, SignUpAnswerSchema),
  login: send("POST", "/api/auth/login", LoginBodySchema, LoginAnswerSchema),
  refresh: send("POST", "/api/auth/refresh", RefreshBodySchema, TokensAnswerSchema),
  logout: send("POST", "/api/auth/logout", RefreshBodySchema, null),
  jwks: get("/api/auth/jwks", JwksAnswerSchema),
  verifyEmail: send("POST", "/api/auth/verify-email", TokenBodySchema, VerifyEmailAnswerSchema),
  resendVerification: send(
    "POST",
    "/api/auth/resend-verification",
    null,
    CheckEmailAnswerSchema,
    true,
  ),
  forgotPassword: send(
    "POST",
    "/api/auth/forgot-password",
    ForgotPasswordBodySchema,
    CheckEmailAnswerSchema,
  ),
  resetPassword: send(
    "POST",
    "/api/auth/reset-password",
    ResetPasswordBodySchema,
    ResetAnswerSchema,
  ),
  confirmEmail: send("POST", "/api/auth/confirm-email", TokenBodySchema, AccountAnswerSchema),

  account: get("/api/account", AccountAnswerSchema, true),
  updateAccount: send("PATCH", "/api/account", ProfileBodySchema, AccountAnswerSchema, true),
  changeEmail: send(
    "POST",
    "/api/account/email",
    ChangeEmailBodySchema,
    CheckEmailAnswerSchema,
    true,
  ),
  changePassword: send(
    "POST",
    "/api/account/password",
    ChangePasswordBodySchema,
    TokensAnswerSchema,
    true,
  ),
  sessions: get("/api/account/sessions", SessionsAnswerSchema, true),
  endSession: send("DELETE", "/api/account/sessions/:id", null, null, true),
  endAllSessions: send("POST", "/api/account/sessions/end-all", null, null, true),
  savedArticles: get("/api/account/saved", SavedArticlesAnswerSchema, true),
  savedState: get("/api/account/saved/:slug", SavedStateAnswerSchema, true),
  exportAccount: get("/api/account/export", AccountExportAnswerSchema, true),
  saveArticle: send("PUT", "/api/account/saved/:slug", null, null, true),
  unsaveArticle: send("DELETE", "/api/account/saved/:slug", null, null, true),
  deleteAccount: send("POST", "/api/account/delete", DeleteAccountBodySchema, null, true),

  corrections: get<"/api/corrections", typeof CorrectionsAnswerSchema, { cursor?: string }>(
    "/api/corrections",
    CorrectionsAnswerSchema,
  ),

  // ---- The newsroom (issue 13; newsroom-contract.ts) ----
  secondFactor: get("/api/newsroom/second-factor", SecondFactorStateSchema, true),
  startEnrolment: send(
    "POST",
    "/api/newsroom/second-factor/enrolment",
    null,
    EnrolmentAnswerSchema,
    true,
  ),
  confirmEnrolment: send(
    "POST",
    "/api/newsroom/second-factor/enrolment/confirm",
    SecondFactorCodeBodySchema,
    EnrolmentConfirmedAnswerSchema,
    true,
  ),
  passSecondFactor: send(
    "POST",
    "/api/newsroom/second-factor/verify",
    SecondFactorCodeBodySchema,
    SecondFactorPassedAnswerSchema,
    true,
  ),
  newRecoveryCodes: send(
    "POST",
    "/api/newsroom/second-factor/recovery-codes",
    null,
    RecoveryCodesAnswerSchema,
    true,
  ),
  staff: get("/api/newsroom/staff", StaffAnswerSchema, true),
  invite: send("POST", "/api/newsroom/invites", InviteBodySchema, InviteAnswerSchema, true),
  revokeInvite: send("DELETE", "/api/newsroom/invites/:id", null, null, true),
  invitation: send("POST", "/api/newsroom/invitation", TokenBodySchema, InvitationAnswerSchema),
  acceptInvite: send(
    "POST",
    "/api/newsroom/invitation/accept",
    AcceptInviteBodySchema,
    SignedInAnswerSchema,
  ),
  changeRole: send(
    "PATCH",
    "/api/newsroom/staff/:id",
    ChangeRoleBodySchema,
    StaffMemberAnswerSchema,
    true,
  ),
  auditLog: get<"/api/newsroom/audit", typeof AuditAnswerSchema, { cursor?: string }>(
    "/api/newsroom/audit",
    AuditAnswerSchema,
    true,
  ),

  stories: get<"/api/newsroom/stories", typeof StoriesAnswerSchema, StoriesQuery>(
    "/api/newsroom/stories",
    StoriesAnswerSchema,
    true,
  ),
  createStory: send(
    "POST",
    "/api/newsroom/stories",
    CreateStoryBodySchema,
    StoryAnswerSchema,
    true,
  ),
  story: get("/api/newsroom/stories/:id", StoryAnswerSchema, true),
  saveStory: send("PUT", "/api/newsroom/stories/:id", SaveStoryBodySchema, StoryAnswerSchema, true),
  storyWorkflow: send(
    "POST",
    "/api/newsroom/stories/:id/workflow",
    WorkflowBodySchema,
    StoryAnswerSchema,
    true,
  ),
  correctStory: send(
    "POST",
    "/api/newsroom/stories/:id/corrections",
    CorrectionBodySchema,
    StoryAnswerSchema,
    true,
  ),
  storyRevisions: get("/api/newsroom/stories/:id/revisions", RevisionsAnswerSchema, true),
  storyRevision: get("/api/newsroom/stories/:id/revisions/:revision", RevisionAnswerSchema, true),
  restoreRevision: send(
    "POST",
    "/api/newsroom/stories/:id/revisions/:revision/restore",
    RestoreBodySchema,
    StoryAnswerSchema,
    true,
  ),
  createPreview: send("POST", "/api/newsroom/stories/:id/preview", null, PreviewAnswerSchema, true),
  preview: get("/api/newsroom/previews/:token", PreviewArticleAnswerSchema, true),

  // ---- The live blog (issue 16; live-contract.ts) ----
  storyLive: get("/api/newsroom/stories/:id/live", DeskLiveAnswerSchema, true),
  setLiveState: send(
    "POST",
    "/api/newsroom/stories/:id/live",
    LiveStateBodySchema,
    DeskLiveAnswerSchema,
    true,
  ),
  postLiveUpdate: send(
    "POST",
    "/api/newsroom/stories/:id/live/updates",
    LiveUpdateBodySchema,
    DeskLiveAnswerSchema,
    true,
  ),
  editLiveUpdate: send(
    "PUT",
    "/api/newsroom/stories/:id/live/updates/:update",
    EditLiveUpdateBodySchema,
    DeskLiveAnswerSchema,
    true,
  ),
  deleteLiveUpdate: send(
    "DELETE",
    "/api/newsroom/stories/:id/live/updates/:update",
    DeleteLiveUpdateBodySchema,
    DeskLiveAnswerSchema,
    true,
  ),

  // ---- The media library (issue 16; media-contract.ts). The upload (POST /api/newsroom/media)
  // takes the image's raw bytes, not JSON, so it is `uploadMedia` in api-client.ts, not a row.
  mediaLibrary: get<"/api/newsroom/media", typeof MediaListSchema, { q?: string; cursor?: string }>(
    "/api/newsroom/media",
    MediaListSchema,
    true,
  ),
  mediaItem: get("/api/newsroom/media/:id", MediaItemSchema, true),
  updateMedia: send(
    "PATCH",
    "/api/newsroom/media/:id",
    MediaPatchBodySchema,
    MediaItemSchema,
    true,
  ),

  // ---- Imports (issue 18; import-contract.ts), admins only. The upload (POST
  // /api/newsroom/imports) takes the export's raw bytes, so it is `uploadImport` in api-client.ts.
  imports: get("/api/newsroom/imports", ImportsAnswerSchema, true),
  importJob: get("/api/newsroom/imports/:id", ImportAnswerSchema, true),
  runImport: send(
    "POST",
    "/api/newsroom/imports/:id/run",
    ImportRunBodySchema,
    ImportAnswerSchema,
    true,
  ),

  taxonomy: get("/api/newsroom/taxonomy", TaxonomyAnswerSchema, true),
  deskImages: get<"/api/newsroom/images", typeof DeskImagesAnswerSchema, { q?: string }>(
    "/api/newsroom/images",
    DeskImagesAnswerSchema,
    true,
  ),
  createSection: send(
    "POST",
    "/api/newsroom/sections",
    SectionBodySchema,
    DeskSectionAnswerSchema,
    true,
  ),
  updateSection: send(
    "PATCH",
    "/api/newsroom/sections/:id",
    SectionBodySchema,
    DeskSectionAnswerSchema,
    true,
  ),
  orderSections: send(
    "POST",
    "/api/newsroom/sections/order",
    SectionOrderBodySchema,
    TaxonomyAnswerSchema,
    true,
  ),
  createCategory: send(
    "POST",
    "/api/newsroom/sections/:id/categories",
    CategoryBodySchema,
    DeskCategoryAnswerSchema,
    true,
  ),
  updateCategory: send(
    "PATCH",
    "/api/newsroom/categories/:id",
    CategoryBodySchema,
    DeskCategoryAnswerSchema,
    true,
  ),
  createAuthor: send(
    "POST",
    "/api/newsroom/authors",
    AuthorBodySchema,
    DeskAuthorAnswerSchema,
    true,
  ),
  updateAuthor: send(
    "PATCH",
    "/api/newsroom/authors/:id",
    AuthorBodySchema,
    DeskAuthorAnswerSchema,
    true,
  ),
  createTag: send("POST", "/api/newsroom/tags", TagBodySchema, DeskTagAnswerSchema, true),
  updateTag: send("PATCH", "/api/newsroom/tags/:id", TagBodySchema, DeskTagAnswerSchema, true),

  // ---- The front page and the banner (issue 16; front-page-contract.ts) ----
  banner: get("/api/banner", BannerAnswerSchema),
  frontPage: get("/api/newsroom/front-page", FrontPageAnswerSchema, true),
  saveFrontPage: send(
    "PUT",
    "/api/newsroom/front-page",
    SaveFrontPageBodySchema,
    FrontPageAnswerSchema,
    true,
  ),
  deskBanner: get("/api/newsroom/banner", DeskBannerAnswerSchema, true),
  saveBanner: send(
    "PUT",
    "/api/newsroom/banner",
    SaveBannerBodySchema,
    DeskBannerAnswerSchema,
    true,
  ),
  bannerOff: send("DELETE", "/api/newsroom/banner", null, DeskBannerAnswerSchema, true),

  // ---- The print desk (issue 17; print-desk-contract.ts) ----
  printTemplate: get("/api/newsroom/print/template", PrintTemplateAnswerSchema, true),
  savePrintTemplate: send(
    "PUT",
    "/api/newsroom/print/template",
    SaveTemplateBodySchema,
    PrintTemplateAnswerSchema,
    true,
  ),
  printSettings: get("/api/newsroom/print/settings", PrintSettingsAnswerSchema, true),
  savePrintSettings: send(
    "PUT",
    "/api/newsroom/print/settings",
    SaveSettingsBodySchema,
    PrintSettingsAnswerSchema,
    true,
  ),
  printEditions: get<
    "/api/newsroom/print/editions",
    typeof PrintEditionsAnswerSchema,
    PrintEditionsQuery
  >("/api/newsroom/print/editions", PrintEditionsAnswerSchema, true),
  planPrintEdition: send(
    "POST",
    "/api/newsroom/print/editions",
    PlanEditionBodySchema,
    PrintEditionAnswerSchema,
    true,
  ),
  printEdition: get("/api/newsroom/print/editions/:date", PrintEditionAnswerSchema, true),
  publishPrintEdition: send(
    "POST",
    "/api/newsroom/print/editions/:date/publish",
    PublishEditionBodySchema,
    PrintEditionAnswerSchema,
    true,
  ),
  savePrintPage: send(
    "PUT",
    "/api/newsroom/print/editions/:date/pages/:label",
    SavePageBodySchema,
    PrintEditionAnswerSchema,
    true,
  ),
  savePrintBooks: send(
    "PUT",
    "/api/newsroom/print/editions/:date/books",
    SaveBooksBodySchema,
    PrintEditionAnswerSchema,
    true,
  ),
  findPrintStories: get<
    "/api/newsroom/print/editions/:date/stories",
    typeof PrintStoriesAnswerSchema,
    PrintStoriesQuery
  >("/api/newsroom/print/editions/:date/stories", PrintStoriesAnswerSchema, true),

  /** Development only (404 elsewhere). */
  devOutbox: get<"/api/dev/outbox", typeof OutboxAnswerSchema, { to?: string }>(
    "/api/dev/outbox",
    OutboxAnswerSchema,
  ),
} as const;

export type ApiEndpoints = typeof apiEndpoints;
export type EndpointName = keyof ApiEndpoints;

/** `"/api/sections/:section/categories/:category"` -> `"section" | "category"`. */
export type PathParamNames<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamNames<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

export type ParamsOf<N extends EndpointName> = {
  [K in PathParamNames<ApiEndpoints[N]["path"]>]: string | number;
};
export type QueryOf<N extends EndpointName> = NonNullable<ApiEndpoints[N]["query"]>;
export type BodyOf<N extends EndpointName> = ApiEndpoints[N]["body"] extends z.ZodType
  ? z.input<ApiEndpoints[N]["body"]>
  : never;
export type AnswerOf<N extends EndpointName> = ApiEndpoints[N]["answer"] extends z.ZodType
  ? z.output<ApiEndpoints[N]["answer"]>
  : null;

/** Fills a path pattern; every parameter is percent-encoded. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** The parameters of `pathname` if it matches `pattern`, else null (the fake API routes so). */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = pathname.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? "";
    if (part.startsWith(":")) {
      if (actual === "") return null;
      try {
        params[part.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (part !== actual) return null;
  }
  return params;
}
