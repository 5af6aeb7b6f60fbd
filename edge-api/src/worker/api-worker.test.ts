import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "../contract/content-contract.ts";
import { apiJson, apiRequest } from "../test/api-request.ts";
import { publicRoutes } from "./api-worker.ts";

describe("the API worker", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers health checks uncached", async () => {
    const response = await apiRequest("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("serves only the public route list; a new route must be added here on purpose", () => {
    // SECURITY 20: nothing public may appear without being listed here; everything else is
    // walked by access-control.test.ts and must refuse anonymous callers.
    expect([...publicRoutes].sort()).toEqual(
      [
        "GET /api/articles/:slug",
        // A live blog's updates (issue 16): what an open live page polls.
        "GET /api/articles/:slug/updates",
        "GET /api/authors",
        "GET /api/authors/:slug",
        "GET /api/content-version",
        "GET /api/corrections",
        "GET /api/editions/:date",
        "GET /api/editions/calendar",
        "GET /api/editions/nearest",
        "GET /api/editions/latest",
        "GET /api/health",
        "GET /api/home",
        // The breaking-news banner (issue 16): what every reader page shows.
        "GET /api/banner",
        "GET /api/pages/:slug",
        "GET /api/redirects",
        "GET /api/sections",
        "GET /api/sections/:section",
        "GET /api/sections/:section/categories/:category",
        "GET /api/tags",
        "GET /api/tags/:slug",
        "GET /api/search",
        "GET /api/feeds",
        "GET /api/sitemap",
        "GET /api/sitemap/news",
        "GET /api/sitemap/articles/:page",
        "GET /images/:file",
        // Raster variants of the media library (issue 16): the id is 128 random bits.
        "GET /images/media/:id/:file",
        // Generated share cards (issue 16): only published articles, sections and home.
        "GET /images/cards/home.jpg",
        "GET /images/cards/:kind/:file",
        "GET /api/auth/jwks",
        "POST /api/auth/sign-up",
        "POST /api/newsroom/invitation",
        "POST /api/newsroom/invitation/accept",
        "POST /api/auth/login",
        "POST /api/auth/refresh",
        "POST /api/auth/logout",
        "POST /api/auth/verify-email",
        "POST /api/auth/forgot-password",
        "POST /api/auth/reset-password",
        "POST /api/auth/confirm-email",
        // The mail provider's webhook: its own secret, checked in mail-event-routes.test.ts.
        "POST /api/mail/events",
      ].sort(),
    );
  });

  it.each(["/api/nope", "/", "/api/sections/world/extra/bits", "/api/articles/"])(
    "answers an unknown route %s with a 404 JSON error",
    async (path) => {
      const response = await apiRequest(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const body = (await response.json()) as ApiErrorBody;
      expect(body.error.code).toBe("not_found");
    },
  );

  it("answers other methods on a known address with 405", async () => {
    const response = await apiRequest("/api/sections", { method: "POST", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(((await response.json()) as ApiErrorBody).error.code).toBe("method_not_allowed");
  });

  it("echoes a well-formed request id and replaces a hostile one", async () => {
    const given = await apiJson<ApiErrorBody>("/api/nope", {
      headers: { "x-request-id": "req-123" },
    });
    expect(given.body.error.requestId).toBe("req-123");
    const hostile = await apiRequest("/api/nope", {
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    const id = ((await hostile.json()) as ApiErrorBody).error.requestId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(hostile.headers.get("x-request-id")).toBe(id);
  });

  it("sends security headers on every response", async () => {
    const response = await apiRequest("/api/sections");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("cache-control")).toContain("stale-if-error");
  });

  it("turns a database failure into a generic 500 and logs it with the request id", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const table of ["print_placements", "article_authors", "article_tags", "articles"]) {
      await env.DB.exec(`DROP TABLE ${table}`);
    }
    const response = await apiRequest("/api/home", { headers: { "x-request-id": "boom-1" } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: "internal_error",
        message: "Something went wrong on our side.",
        requestId: "boom-1",
      },
    });
    expect(text).not.toMatch(/select|articles|sqlite|no such table/i);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toContain("boom-1");
  });
});
