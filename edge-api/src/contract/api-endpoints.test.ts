import { describe, expect, it } from "vitest";
import { allRoutes, publicRoutes } from "../worker/api-worker.ts";
import { apiEndpoints, fillPath, matchPath } from "./api-endpoints.ts";

describe("the endpoint table", () => {
  it("names only routes the API's router has, with their method", () => {
    for (const [name, endpoint] of Object.entries(apiEndpoints)) {
      expect(allRoutes, name).toContain(`${endpoint.method} ${endpoint.path}`);
    }
  });

  it("marks as signed-in exactly the endpoints that are not public", () => {
    for (const [name, endpoint] of Object.entries(apiEndpoints)) {
      if (name === "devOutbox") continue;
      const isPublic = publicRoutes.includes(`${endpoint.method} ${endpoint.path}`);
      expect(endpoint.signedIn, name).toBe(!isPublic);
    }
  });
});

describe("fillPath and matchPath", () => {
  it("encodes every parameter and reads it back", () => {
    const path = fillPath("/api/sections/:section/categories/:category", {
      section: "world",
      category: "../x y",
    });
    expect(path).toBe("/api/sections/world/categories/..%2Fx%20y");
    expect(matchPath("/api/sections/:section/categories/:category", path)).toEqual({
      section: "world",
      category: "../x y",
    });
  });

  it("refuses a missing parameter and paths of another shape", () => {
    expect(() => fillPath("/api/articles/:slug", {})).toThrow(/slug/);
    expect(matchPath("/api/articles/:slug", "/api/articles")).toBeNull();
    expect(matchPath("/api/articles/:slug", "/api/articles/")).toBeNull();
    expect(matchPath("/api/articles/:slug", "/api/authors/x")).toBeNull();
    expect(matchPath("/api/articles/:slug", "/api/articles/%E0%A4%A")).toBeNull();
  });
});
