import { createFakeApi, apiFailure } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { fragment, get, jsonResponse, makeEnv, pageAnswer } from "../test/page-fakes.ts";
import { MAX_PAGE_QUERY } from "./http-answers.ts";
import type { ServiceBinding } from "./shell-env.ts";
import {
  COOKIE_CACHE_CONTROL,
  PERMISSIONS_POLICY,
  withSecurityHeaders,
} from "./security-headers.ts";

/** Answers every request with what `answer` makes (a fragment's files, the API, an image). */
function answering(answer: () => Response): ServiceBinding {
  return { fetch: async () => answer() };
}

function expectSiteHeaders(response: Response, label: string) {
  expect(response.headers.get("permissions-policy"), label).toBe(PERMISSIONS_POLICY);
  expect(response.headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
  expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(response.headers.get("strict-transport-security"), label).toContain("max-age=");
}

describe("headers on every response of the site (issue 14)", () => {
  it("sends Permissions-Policy and Cross-Origin-Opener-Policy on pages, errors, redirects, files, feeds, images and the API", async () => {
    const env = makeEnv({
      ASSETS: answering(() =>
        jsonResponse({ buildId: "shell0build1", stylesheets: [], builtAt: "x" }),
      ),
    });
    const redirecting = makeEnv({
      CONTENT: fragment(() => jsonResponse({ kind: "redirect", status: 301, location: "/x" })),
    });
    // A binding's answer has immutable headers, as `Response.redirect` does.
    const bindingAnswers = makeEnv({
      CONTENT: answering(() => new Response("<rss/>", { headers: { "content-type": "text/xml" } })),
      API: answering(() => Response.redirect("https://daily-edge.example/images/b.svg", 302)),
    });
    const cases: [string, Promise<{ response: Response }>, number][] = [
      ["page", get("/world", env), 200],
      ["404 page", get("/a/b/c/d", env), 404],
      ["fragment redirect", get("/world", redirecting), 301],
      ["405 plain", get("/world", env, { method: "PUT", body: "x" }), 405],
      ["shell file", get("/_shell/current.json", env), 200],
      ["feed", get("/feeds/world.xml", bindingAnswers), 200],
      ["image (immutable headers)", get("/images/a.svg", bindingAnswers), 302],
      ["API", get("/api/sections", env), 200],
      ["navigation JSON", get("/_edge/navigate?path=%2Fworld", env), 200],
      ["long query", get(`/world?q=${"x".repeat(MAX_PAGE_QUERY)}`, env), 400],
      ["500 plain", get("/world", makeEnv({ FRAGMENT_TIMEOUT_MS: "not a number" })), 500],
    ];
    for (const [label, pending, status] of cases) {
      const { response } = await pending;
      expect(response.status, label).toBe(status);
      expectSiteHeaders(response, label);
    }
  });
});

describe("no shared cache ever keeps a response that sets a cookie (issue 14)", () => {
  it("turns public into private, no-store whenever Set-Cookie is present", () => {
    for (const policy of ["public, max-age=60", "public, no-store", "max-age=60", null]) {
      const headers = new Headers({ "set-cookie": "__Host-access=; Max-Age=0" });
      if (policy !== null) headers.set("cache-control", policy);
      const response = withSecurityHeaders(new Response("x", { headers }));
      expect(response.headers.get("cache-control"), String(policy)).toBe(COOKIE_CACHE_CONTROL);
    }
    const immutable = Response.redirect("https://daily-edge.example/", 303);
    const copy = new Response(null, immutable);
    copy.headers.set("set-cookie", "a=b");
    copy.headers.set("cache-control", "public, max-age=60");
    expect(withSecurityHeaders(copy).headers.get("cache-control")).toBe(COOKIE_CACHE_CONTROL);
  });

  it("leaves no-store and cookie-less public answers alone", () => {
    const stored = new Response("x", {
      headers: { "set-cookie": "a=b", "cache-control": "no-store" },
    });
    expect(withSecurityHeaders(stored).headers.get("cache-control")).toBe("no-store");
    const open = new Response("x", { headers: { "cache-control": "public, max-age=60" } });
    expect(withSecurityHeaders(open).headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("sends a public page that ends a refused session as private, no-store", async () => {
    const api = createFakeApi({
      sections: { sections: [] },
      refresh: apiFailure(401, "invalid_session"),
    });
    const env = makeEnv({
      CONTENT: fragment(() => jsonResponse(pageAnswer({ cache: { scope: "public", maxAge: 60 } }))),
      API: api.binding,
    });
    const { response } = await get("/world", env, { headers: { cookie: "__Host-refresh=stolen" } });
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(response.headers.get("cache-control")).toBe(COOKIE_CACHE_CONTROL);
  });
});

describe("page addresses with an absurd query (issue 14)", () => {
  it("answers 400 with a clear message and asks no fragment", async () => {
    let asked = 0;
    const env = makeEnv({
      ACCOUNT: fragment(() => {
        asked += 1;
        return jsonResponse({ kind: "not-found" });
      }),
    });
    const { response, text } = await get(`/profile?save=${"a".repeat(MAX_PAGE_QUERY)}`, env);
    expect(response.status).toBe(400);
    expect(text).toBe("This address is too long: its query string is over 16,384 characters.");
    expect(asked).toBe(0);
    // Shorter ones are the fragment's to judge (the account's 400 for a long ?save=).
    const fine = await get(`/profile?save=${"a".repeat(5_000)}`, env);
    expect(fine.response.status).toBe(404);
    expect(asked).toBe(1);
  });
});
