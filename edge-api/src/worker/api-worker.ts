import { Hono } from "hono";
import { ApiError, apiErrorCatalogue, errorBody } from "./api-errors.ts";
import type { AppEnv } from "./app-env.ts";
import { requestContext, requestIdOf, responseHeaders } from "./request-context.ts";
import { articleRoutes } from "./routes/article-routes.ts";
import { authorRoutes, tagRoutes } from "./routes/contributor-routes.ts";
import { editionRoutes } from "./routes/edition-routes.ts";
import { feedRoutes } from "./routes/feed-routes.ts";
import { homeRoutes } from "./routes/home-routes.ts";
import { imageRoutes } from "./routes/image-routes.ts";
import { pageRoutes } from "./routes/page-routes.ts";
import { searchRoutes } from "./routes/search-routes.ts";
import { sectionRoutes } from "./routes/section-routes.ts";
import { sitemapRoutes } from "./routes/sitemap-routes.ts";

const app = new Hono<AppEnv>();

app.use("*", responseHeaders);
app.use("*", requestContext);

// Chained so that `AppType` carries every route for the typed client.
const routes = app
  .get("/api/health", (c) => c.json({ status: "ok" as const }, 200))
  .route("/api/sections", sectionRoutes)
  .route("/api/home", homeRoutes)
  .route("/api/articles", articleRoutes)
  .route("/api/authors", authorRoutes)
  .route("/api/tags", tagRoutes)
  .route("/api/pages", pageRoutes)
  .route("/api/editions", editionRoutes)
  .route("/api/search", searchRoutes)
  .route("/api/feeds", feedRoutes)
  .route("/api/sitemap", sitemapRoutes)
  .route("/images", imageRoutes);

/** The public route list; the access-control test (SECURITY 20) walks it. */
export const publicRoutePaths: readonly string[] = [
  ...new Set(app.routes.filter((route) => route.method === "GET").map((route) => route.path)),
];

// Every known address answers only GET (and HEAD); other methods get 405, not 404.
for (const path of publicRoutePaths) {
  app.on(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"], path, (c) => {
    c.header("allow", "GET, HEAD");
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
    return c.json(errorBody(error.code, error.message, requestId), error.status);
  }
  // Details go to the log with the id; the caller gets the id and nothing else.
  console.error(
    JSON.stringify({
      level: "error",
      requestId,
      path: c.req.path,
      error: String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
  const { status, message } = apiErrorCatalogue.internal_error;
  return c.json(errorBody("internal_error", message, requestId), status);
});

export type AppType = typeof routes;

// `routes` is `app` itself, typed with every route; exporting it keeps that type in use.
export default routes;
