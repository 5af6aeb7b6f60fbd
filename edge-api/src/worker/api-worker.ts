import { WorkerEntrypoint } from "cloudflare:workers";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { logError } from "./api-log.ts";
import { isUniqueRace } from "../db/database.ts";
import { ApiError, apiErrorCatalogue, errorBody } from "./api-errors.ts";
import type { AppEnv } from "./app-env.ts";
import { edgeCachedImages } from "./edge-cached-images.ts";
import { requestContext, requestIdOf, responseHeaders } from "./request-context.ts";
import { bodyLimitOf, MAX_BODY_BYTES, MAX_STORY_BODY_BYTES } from "./request-validation.ts";
import { MAX_MEDIA_BYTES } from "../contract/media-contract.ts";
import { IMPORT_FILE_MAX_BYTES } from "../import/import-file.ts";
import { consumeImportQueue, IMPORT_QUEUE } from "./import-queue.ts";
import { uploadSizeProblem } from "./import-storage.ts";
import { privateResponses } from "./auth/require-account.ts";
import { consumeEmailQueue } from "./mail/email-consumer.ts";
import { notThroughBindings } from "./private-worker.ts";
import { SecretUnusableError } from "./worker-secrets.ts";
import { accountRoutes } from "./routes/account-routes.ts";
import { articleRoutes } from "./routes/article-routes.ts";
import { authRoutes } from "./routes/auth-routes.ts";
import { devApiRoutes, devPageRoutes } from "./routes/dev-routes.ts";
import { recoveryRoutes } from "./routes/recovery-routes.ts";
import { contentVersionRoutes } from "./routes/content-version-routes.ts";
import { authorRoutes, tagRoutes } from "./routes/contributor-routes.ts";
import { editionRoutes } from "./routes/edition-routes.ts";
import { feedRoutes } from "./routes/feed-routes.ts";
import { homeRoutes } from "./routes/home-routes.ts";
import { bannerRoutes, newsroomFrontPageRoutes } from "./routes/front-page-routes.ts";
import { imageRoutes } from "./routes/image-routes.ts";
import { mediaImageRoutes } from "./routes/media-image-routes.ts";
import { shareCardRoutes } from "./routes/share-card-routes.ts";
import { newsroomMediaRoutes } from "./routes/newsroom-media-routes.ts";
import { newsroomImportRoutes } from "./routes/import-routes.ts";
import { liveUpdateRoutes } from "./routes/live-update-routes.ts";
import { newsroomLiveRoutes } from "./routes/newsroom-live-routes.ts";
import { printDeskRoutes } from "./routes/print-desk-routes.ts";
import { printEditionRoutes } from "./routes/print-edition-routes.ts";
import { correctionsRoutes } from "./routes/corrections-routes.ts";
import { pageRoutes } from "./routes/page-routes.ts";
import { redirectRoutes } from "./routes/redirect-routes.ts";
import { searchRoutes } from "./routes/search-routes.ts";
import { newsroomStaffRoutes } from "./routes/newsroom-staff-routes.ts";
import { newsroomStoryRoutes } from "./routes/newsroom-story-routes.ts";
import { mailEventRoutes } from "./routes/mail-event-routes.ts";
import { sectionRoutes } from "./routes/section-routes.ts";
import { sitemapRoutes } from "./routes/sitemap-routes.ts";

const app = new Hono<AppEnv>();

app.use("*", responseHeaders);
app.use("*", requestContext);
// SECURITY 23: no handler reads more than this; longer bodies are cut off while streaming.
// The story desk's writes carry a whole story (512 KB); every other route 16 KB.
// A photograph's upload (the raw image) up to 20 MB; its route counts the bytes again.
// An import's export (issue 18) up to 100 MiB, streamed into R2 with its Content-Length.
const limitOf = (maxSize: number, message?: string, refusal?: (c: Context) => ApiError | null) =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      throw refusal?.(c) ?? new ApiError("payload_too_large", message);
    },
  });
const limits = new Map([
  [MAX_STORY_BODY_BYTES, limitOf(MAX_STORY_BODY_BYTES)],
  [
    MAX_MEDIA_BYTES,
    limitOf(MAX_MEDIA_BYTES, "The photograph is larger than the 20 MB the library takes."),
  ],
  // An import's export (issue 18): the contract's file_too_large, with the file's own sentence.
  [
    IMPORT_FILE_MAX_BYTES,
    limitOf(IMPORT_FILE_MAX_BYTES, undefined, (c) => {
      const refused = uploadSizeProblem("wordpress", Number(c.req.header("content-length")));
      return refused && new ApiError(refused.code, refused.message);
    }),
  ],
]);
const standardLimit = limitOf(MAX_BODY_BYTES);
app.use("*", (c, next) =>
  (limits.get(bodyLimitOf(c.req.method, c.req.path)) ?? standardLimit)(c, next),
);
app.use("/images/media/*", edgeCachedImages);
app.use("/images/cards/*", edgeCachedImages);
app.use("/api/auth/*", privateResponses);
app.use("/api/account/*", privateResponses);
app.use("/api/account", privateResponses);
app.use("/api/newsroom/*", privateResponses);
app.use("/api/mail/*", privateResponses);

// Chained so that `AppType` carries every route for the typed client.
const routes = app
  .get("/api/health", (c) => c.json({ status: "ok" as const }, 200))
  .route("/api/content-version", contentVersionRoutes)
  .route("/api/sections", sectionRoutes)
  .route("/api/home", homeRoutes)
  .route("/api/banner", bannerRoutes)
  .route("/api/articles", articleRoutes)
  .route("/api/articles", liveUpdateRoutes)
  .route("/api/authors", authorRoutes)
  .route("/api/tags", tagRoutes)
  .route("/api/pages", pageRoutes)
  .route("/api/redirects", redirectRoutes)
  .route("/api/editions", editionRoutes)
  .route("/api/search", searchRoutes)
  .route("/api/feeds", feedRoutes)
  .route("/api/sitemap", sitemapRoutes)
  .route("/api/corrections", correctionsRoutes)
  .route("/images/media", mediaImageRoutes)
  .route("/images/cards", shareCardRoutes)
  .route("/images", imageRoutes)
  .route("/api/auth", authRoutes)
  .route("/api/auth", recoveryRoutes)
  .route("/api/account", accountRoutes)
  .route("/api/newsroom", newsroomStaffRoutes)
  .route("/api/newsroom", newsroomStoryRoutes)
  .route("/api/newsroom", newsroomMediaRoutes)
  .route("/api/newsroom", newsroomFrontPageRoutes)
  .route("/api/newsroom", newsroomLiveRoutes)
  .route("/api/newsroom", newsroomImportRoutes)
  .route("/api/newsroom/print", printDeskRoutes)
  .route("/api/newsroom/print/editions", printEditionRoutes)
  .route("/api/mail", mailEventRoutes)
  .route("/api/dev", devApiRoutes)
  .route("/_dev", devPageRoutes);

/** Every route as "METHOD /path", as the router knows it. */
export const allRoutes: readonly string[] = [
  ...new Set(
    app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${route.path}`),
  ),
];

/** Answered only when ENVIRONMENT is "development"; a 404 everywhere else. */
export const developmentRoutes: readonly string[] = allRoutes.filter((route) =>
  /^GET \/(_dev|api\/dev)\//.test(route),
);

/**
 * What anonymous callers may reach. Everything else must answer 401 without an access
 * token; the access-control test (SECURITY 20) walks `allRoutes` against this list.
 */
export const publicRoutes: readonly string[] = [
  ...allRoutes.filter(
    (route) =>
      route.startsWith("GET ") &&
      !route.startsWith("GET /api/account") &&
      !route.startsWith("GET /api/newsroom") &&
      !developmentRoutes.includes(route),
  ),
  "POST /api/auth/sign-up",
  "POST /api/auth/login",
  "POST /api/auth/refresh",
  "POST /api/auth/logout",
  "POST /api/auth/verify-email",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "POST /api/auth/confirm-email",
  // Accepting an invitation to the staff: the token is the credential.
  "POST /api/newsroom/invitation",
  "POST /api/newsroom/invitation/accept",
  // The mail provider's bounce and complaint webhook: MAIL_WEBHOOK_SECRET is the credential.
  "POST /api/mail/events",
];

// A known address answers other methods with 405 and the methods it does answer.
const methodsByPath = new Map<string, string[]>();
for (const route of allRoutes) {
  const [method = "", path = ""] = route.split(" ");
  methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method]);
}
const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
for (const [path, methods] of methodsByPath) {
  const others = ALL_METHODS.filter((method) => !methods.includes(method));
  const allow = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  app.on(others, path, (c) => {
    c.header("allow", allow.join(", "));
    throw new ApiError("method_not_allowed");
  });
}

app.notFound((c) => {
  const requestId = c.get("requestId") ?? requestIdOf(c.req.raw);
  return c.json(errorBody("not_found", "No such API route.", requestId), 404);
});

app.onError((error, c) => {
  const requestId = c.get("requestId") ?? requestIdOf(c.req.raw);
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.extras.headers ?? {})) c.header(name, value);
    const body = errorBody(
      error.code,
      error.message,
      requestId,
      error.extras.reason,
      error.extras.field,
    );
    return c.json(body, error.status);
  }
  // A secret this route needs is unusable: this feature is down, the rest of the API is not.
  if (error instanceof SecretUnusableError) {
    logError("secret_unusable", requestId, {
      name: error.secret,
      reason: error.reason,
      detail: error.message,
      path: c.req.path,
    });
    const { status } = apiErrorCatalogue.service_unavailable;
    return c.json(errorBody("service_unavailable", error.unavailable, requestId), status);
  }
  // Hono's own 4xx (malformed JSON in a body) is the caller's mistake, not ours.
  if (error instanceof HTTPException && error.status < 500) {
    const { status, message } = apiErrorCatalogue.invalid_request;
    return c.json(errorBody("invalid_request", message, requestId), status);
  }
  // Two writes racing for one unique value (a slug two editors save at the same moment): the
  // loser's batch changed nothing, so it is a conflict to retry, not our failure.
  if (isUniqueRace(error)) {
    const { status } = apiErrorCatalogue.conflict;
    const message = "Someone else saved the same thing at the same moment. Check and try again.";
    return c.json(errorBody("conflict", message, requestId), status);
  }
  // Details go to the log with the id; the caller gets the id and nothing else.
  logError("api_error", requestId, {
    path: c.req.path,
    detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  const { status, message } = apiErrorCatalogue.internal_error;
  return c.json(errorBody("internal_error", message, requestId), status);
});

export type AppType = typeof routes;

/** The whole API, middleware and error handling included (`routes` is `app` itself, typed). */
export const apiApp = routes;

/**
 * The entrypoint every service binding names (`entrypoint = "Internal"`): the shell's and the
 * fragments'. Only it runs the API; the default export below answers 404 (decision 0017).
 */
export class Internal extends WorkerEntrypoint<Env> {
  override async fetch(request: Request): Promise<Response> {
    return routes.fetch(request, this.env, this.ctx);
  }
}

const publicEntry: ExportedHandler<Env> = {
  fetch: (request) => notThroughBindings(request),
  // The queues' consumers (email, issue 14; imports, issue 18): always the default export.
  queue: (batch, env) =>
    batch.queue === IMPORT_QUEUE ? consumeImportQueue(batch, env) : consumeEmailQueue(batch, env),
};

export default publicEntry;
