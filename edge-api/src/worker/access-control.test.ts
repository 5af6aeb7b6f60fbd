import { describe, expect, it } from "vitest";
import { call, signUp } from "../test/account-helpers.ts";
import { allRoutes, developmentRoutes, publicRoutes } from "./api-worker.ts";

/** A concrete address for a route pattern. */
const concrete = (path: string) =>
  path.replace(":id", "00000000-0000-4000-8000-000000000000").replace(/:[a-z]+/g, "some-slug");

const guarded = allRoutes.filter(
  (route) => !publicRoutes.includes(route) && !developmentRoutes.includes(route),
);

describe("access control (SECURITY 20)", () => {
  it("knows its guarded routes", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(12);
    expect(
      guarded.every((route) => /^\w+ \/api\/(account|auth\/resend|newsroom\/)/.test(route)),
    ).toBe(true);
  });

  it.each(guarded)("%s answers 401 to anonymous and forged callers", async (route) => {
    const [method = "GET", path = "/"] = route.split(" ");
    const body = method === "GET" || method === "DELETE" ? undefined : {};
    for (const token of [undefined, "not.a.jwt", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."]) {
      const answer = await call(method, concrete(path), body, { token });
      expect(answer.status, `${route} with ${token}`).toBe(401);
      expect((answer.body as { error: { code: string } }).error.code).toBe("unauthorized");
    }
  });

  it("answers 403 to readers on every newsroom route and on no other (SECURITY 20, 31)", async () => {
    // The newsroom's guards run before any parameter or body is read, so a reader learns
    // nothing about what exists; each route's own role table is next to it.
    const reader = await signUp();
    for (const route of guarded) {
      const [method = "GET", path = "/"] = route.split(" ");
      if (route.includes("delete") || route.includes("end-all")) continue;
      const answer = await call(method, concrete(path), undefined, {
        token: reader.tokens.accessToken,
      });
      if (path.startsWith("/api/newsroom/")) expect(answer.status, route).toBe(403);
      else expect(answer.status, route).not.toBe(403);
    }
  });

  it.each(developmentRoutes)("%s is a 404 outside development", async (route) => {
    const path = concrete(route.split(" ")[1] ?? "/").replace(
      "00000000-0000-4000-8000-000000000000",
      "1",
    );
    const answer = await call("GET", path.replace("some-slug", "1"), undefined, {
      overrides: { ENVIRONMENT: "production" },
    });
    expect(answer.status).toBe(404);
  });
});
