import type { FakeApi } from "edge-api/fake";
import type { FragmentRequest } from "shell/contract";
import type { PaperEnv } from "../worker/fragment-env.ts";

/** The paper Worker's bindings and render requests for tests; the API is edge-api's own fake. */

export const TEST_BUILD_ID = "testbuild01";

/** The publication the tests configure, as wrangler.toml's `[vars]` do. */
export const TEST_PUBLICATION = {
  name: "The Daily Edge",
  origin: "https://daily-edge.example",
  timeZone: "Europe/London",
} as const;

/** The static-assets binding with one current build, as `npm run build` leaves it. */
export function fakeAssets(): PaperEnv["ASSETS"] {
  return {
    async fetch(input) {
      const url = new URL(typeof input === "string" ? input : input.url);
      if (url.pathname === "/_mf/paper/current.json") {
        return Response.json({
          buildId: TEST_BUILD_ID,
          stylesheets: ["fragment.css"],
          builtAt: "2026-11-21T00:00:00.000Z",
        });
      }
      return new Response("Not found", { status: 404 });
    },
  };
}

export function fakeEnv(api: FakeApi): PaperEnv {
  return {
    ASSETS: fakeAssets(),
    API: api.binding,
    PUBLICATION_NAME: TEST_PUBLICATION.name,
    PUBLIC_ORIGIN: TEST_PUBLICATION.origin,
    PUBLICATION_TIME_ZONE: TEST_PUBLICATION.timeZone,
  };
}

export function renderRequest(overrides: Partial<FragmentRequest>): FragmentRequest {
  return {
    routeId: "paper.today",
    method: "GET",
    client: { ip: "203.0.113.1", userAgent: "vitest" },
    accessToken: null,
    params: {},
    path: "/todays-paper",
    search: "",
    viewer: null,
    requestId: "test-request",
    origin: "https://daily-edge.example",
    saved: null,
    ...overrides,
  };
}
