import { z } from "zod";
import { isSameOriginPath } from "../fragment-kit/same-origin-path.ts";
import { BUILD_ID_PATTERN, fragmentNames } from "./fragment-names.ts";
import { viewerRoles } from "./navigation-constants.ts";

/**
 * The fragment contract: what the shell sends a fragment Worker and what it must answer.
 * The shell owns this schema; every fragment validates its own answers against it in its tests,
 * and the shell validates every answer it receives at run time.
 */

// Zod probes `new Function("")` before its first object parse to decide whether to compile
// parsers. Workers forbid eval, and so did the browser's CSP back when zod reached the browser
// (it no longer does, decision 0007); `jitless` skips the probe wherever this module runs.
z.config({ jitless: true });

export {
  BUILD_ID_PATTERN,
  REMOTE_ENTRY_FILE,
  REMOTE_EXPOSED_MODULE,
  REMOTE_NEWSROOM_MODULE,
  fragmentNames,
  identifierPrefixFor,
  remoteAssetPrefix,
  remoteContainerName,
  type FragmentAppProps,
  type FragmentClientModule,
  type FragmentHandle,
  type FragmentName,
} from "./fragment-names.ts";

export const FragmentNameSchema = z.enum(fragmentNames);

/** Path on which the shell POSTs render requests to a fragment Worker (service binding). */
export const FRAGMENT_RENDER_PATH = "/_fragment/render";

/**
 * Upload through the shell (issue 16, decision 0022): a multipart form posted to a page that
 * takes uploads (`uploads` in site-addresses) reaches its fragment here, the body streamed as
 * the browser sends it (never read whole by the shell) and its `content-type` kept; the render
 * request rides beside it in FRAGMENT_REQUEST_HEADER (`encodeFragmentRequest`). The fragment
 * answers as it does at FRAGMENT_RENDER_PATH.
 */
export const FRAGMENT_UPLOAD_PATH = "/_fragment/upload";
export const FRAGMENT_REQUEST_HEADER = "x-fragment-request";
/** The largest file an upload may carry: the API's limit for a photograph (20 MB). */
export const UPLOAD_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The most the shell lets through: the file, its multipart framing and a few short fields. */
export const UPLOAD_MAX_BODY_BYTES = UPLOAD_MAX_FILE_BYTES + 64 * 1024;

/** The render request as a header value (JSON, percent-encoded so any name stays ASCII). */
export function encodeFragmentRequest(request: FragmentRequest): string {
  return encodeURIComponent(JSON.stringify(request));
}

/** The header's render request as JSON, or null when it is not readable. */
export function decodeFragmentRequest(header: string | null): unknown {
  if (header === null) return null;
  try {
    return JSON.parse(decodeURIComponent(header)) as unknown;
  } catch {
    return null;
  }
}
/**
 * `GET` on a fragment Worker: `{ "buildId": … }`, the build it renders with now (the release
 * registry's live build, or its newest). The shell keys its edge cache on it (issue 7).
 */
export const FRAGMENT_LIVE_PATH = "/_fragment/live";

export const BuildIdSchema = z.string().regex(BUILD_ID_PATTERN);

/** The answer of a fragment's `GET /_fragment/live`. */
export const LiveBuildSchema = z.object({ buildId: BuildIdSchema });

export const ViewerSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    /**
     * The role the access token names (issue 13): `reader`, `contributor`, `editor` or `admin`.
     * For the newsroom's door and chrome only; the API re-reads it from D1 on every call.
     */
    role: z.enum(viewerRoles).optional(),
    /** The session passed the second factor and its newsroom session was live at issue. */
    newsroomVerified: z.boolean().optional(),
  })
  .nullable();
export type Viewer = z.infer<typeof ViewerSchema>;

/** Who is asking, as the edge saw it (`CF-Connecting-IP`, never `X-Forwarded-For`). */
export const ClientSchema = z.object({
  ip: z.string().max(100),
  userAgent: z.string().max(500),
  /**
   * The browser's device token (its `__Host-device` cookie), sent to the account fragment only,
   * which passes it on with a login (issue 14: failures from unknown devices wait first).
   */
  deviceToken: z.string().max(128).optional(),
});

export const FragmentRequestSchema = z.object({
  routeId: z.string().min(1),
  /**
   * `POST` only for a form sent to a route of the account fragment or to a newsroom route,
   * after the shell's same-origin check.
   */
  method: z.enum(["GET", "POST"]).default("GET"),
  /** The submitted form fields (urlencoded body), for `POST`. */
  form: z.record(z.string(), z.string()).optional(),
  client: ClientSchema.default({ ip: "", userAgent: "" }),
  /**
   * The reader's access token, sent only to the account fragment and, on newsroom routes, to
   * the fragment that owns the route, so it can call the API on the person's behalf. Other
   * requests carry `viewer` only.
   */
  accessToken: z.string().nullable().default(null),
  params: z.record(z.string(), z.string()),
  /** Pathname as the reader requested it. */
  path: z.string().startsWith("/"),
  /** Query string including the leading `?`, or empty. */
  search: z.string(),
  viewer: ViewerSchema,
  requestId: z.string(),
  /** Public origin of the site, for canonical URLs; never taken from the Host header. */
  origin: z.url(),
  /**
   * Whether the signed-in reader saved the article this page shows (issue 15): the shell asks
   * the API on article routes for signed-in readers and keys the fragment's public answer by it.
   * null for anonymous readers, other routes, or when the API could not say.
   */
  saved: z.boolean().nullable().default(null),
});
export type FragmentRequest = z.infer<typeof FragmentRequestSchema>;

/** A path on this site (`/`, then neither `/` nor `\`; no whitespace; at most 2048). */
export const SameOriginPathSchema = z
  .string()
  .refine(isSameOriginPath, "must be a same-origin path");

export const HeadSchema = z.object({
  title: z.string().min(1).max(300),
  description: z.string().max(500),
  /** Same-origin path of the canonical URL; the shell makes it absolute. */
  canonicalPath: SameOriginPathSchema,
  /** Extra meta tags (Open Graph, Twitter) as property/name + content. */
  meta: z
    .array(
      z.object({
        property: z.string().optional(),
        name: z.string().optional(),
        content: z.string(),
      }),
    )
    .default([]),
  /** JSON-LD objects; the shell serialises them safely. */
  jsonLd: z.array(z.record(z.string(), z.unknown())).default([]),
  robots: z.string().optional(),
  /**
   * `<link>` elements for the head: feed alternates and a preload of the page's largest image.
   * Only same-origin paths; the shell writes them out escaped.
   */
  links: z
    .array(
      z.object({
        rel: z.enum(["alternate", "preload"]),
        href: SameOriginPathSchema,
        type: z.string().max(100).optional(),
        title: z.string().max(300).optional(),
        as: z.enum(["image"]).optional(),
      }),
    )
    .max(10)
    .default([]),
});
export type FragmentHead = z.input<typeof HeadSchema>;

export const CacheHintSchema = z.object({
  /** `public` pages may be cached by the edge and downstream; `private` never. */
  scope: z.enum(["public", "private"]),
  maxAge: z.number().int().min(0).max(86_400),
});
export type CacheHint = z.infer<typeof CacheHintSchema>;

/**
 * A change to the reader's session that the shell turns into `__Host-` cookies. Only the
 * account fragment may send one; the shell ignores it from any other fragment.
 */
export const SessionChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("set"),
    accessToken: z.string().min(1).max(4096),
    accessMaxAge: z.number().int().min(1).max(900),
    refreshToken: z.string().min(1).max(512),
    refreshMaxAge: z
      .number()
      .int()
      .min(1)
      .max(60 * 60 * 24 * 90),
    /** After a login: the device token the shell keeps in `__Host-device` (not cleared on sign-out). */
    device: z
      .object({
        token: z.string().min(1).max(128),
        maxAge: z
          .number()
          .int()
          .min(1)
          .max(60 * 60 * 24 * 400),
      })
      .optional(),
  }),
  z.object({ kind: z.literal("clear") }),
]);
export type SessionChange = z.infer<typeof SessionChangeSchema>;

/**
 * A page's status; 415 is the upload form's file of a type the API does not take; 503 a
 * newsroom screen saying in its own words that the API could not start the work just now (an
 * import's queue refused, issue 18).
 */
export const pageStatuses = [
  200, 201, 400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 503,
] as const;

export const FragmentPageAnswerSchema = z.object({
  kind: z.literal("page"),
  status: z.union(pageStatuses.map((status) => z.literal(status))),
  /** Seconds, with a 429: sent as `Retry-After`. */
  retryAfter: z.number().int().min(1).max(86_400).optional(),
  session: SessionChangeSchema.optional(),
  head: HeadSchema,
  html: z.string(),
  /** The props the fragment rendered with; the browser hydrates with exactly these. */
  props: z.unknown(),
  buildId: BuildIdSchema,
  /** Stylesheets of the fragment's build, as same-origin paths. */
  stylesheets: z.array(SameOriginPathSchema).default([]),
  cache: CacheHintSchema,
});

export const FragmentRedirectAnswerSchema = z.object({
  kind: z.literal("redirect"),
  status: z.union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]),
  location: SameOriginPathSchema,
  session: SessionChangeSchema.optional(),
});

export const FragmentNotFoundAnswerSchema = z.object({
  kind: z.literal("not-found"),
});

/** A downloaded file's name: lower-case letters, digits, `.`, `_` and `-`, nothing to escape. */
export const DOWNLOAD_FILENAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;
/** The largest file a fragment may hand over (the JSON of one account's data, issue 15). */
export const MAX_DOWNLOAD_BYTES = 5_000_000;

/**
 * A file the reader asked for (issue 15: the profile's "Download your data"), answering a form
 * `POST`. Only the account fragment may send one; the shell sends it as an attachment,
 * `Cache-Control: no-store`, never kept by any cache.
 */
export const FragmentDownloadAnswerSchema = z.object({
  kind: z.literal("download"),
  filename: z.string().regex(DOWNLOAD_FILENAME_PATTERN),
  contentType: z.enum(["application/json"]),
  body: z.string().max(MAX_DOWNLOAD_BYTES),
});

export const FragmentAnswerSchema = z.discriminatedUnion("kind", [
  FragmentPageAnswerSchema,
  FragmentRedirectAnswerSchema,
  FragmentNotFoundAnswerSchema,
  FragmentDownloadAnswerSchema,
]);
export type FragmentAnswer = z.input<typeof FragmentAnswerSchema>;
export type FragmentPageAnswer = z.infer<typeof FragmentPageAnswerSchema>;
export type ParsedFragmentAnswer = z.infer<typeof FragmentAnswerSchema>;
