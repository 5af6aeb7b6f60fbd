import type { FragmentRequest } from "shell/contract";
import type { AccountEnv } from "./account-settings.ts";

/** Small factories for tests: render requests and fake Worker bindings. */

export const TEST_BUILD_ID = "testbuild01";

export function fakeEnv(): AccountEnv {
  return {
    ASSETS: {
      async fetch(input) {
        const url = new URL(typeof input === "string" ? input : input.url);
        if (url.pathname === "/_mf/account/current.json") {
          return Response.json({
            buildId: TEST_BUILD_ID,
            stylesheets: ["fragment.css"],
            builtAt: "2026-11-21T00:00:00.000Z",
          });
        }
        return new Response("Not found", { status: 404 });
      },
    },
    API: {
      fetch: async () =>
        new Response("The account screens do not call the API yet", { status: 500 }),
    },
  };
}

export function renderRequest(overrides: Partial<FragmentRequest>): FragmentRequest {
  return {
    routeId: "account.login",
    params: {},
    path: "/login",
    search: "",
    viewer: null,
    requestId: "test-request",
    origin: "https://daily-edge.example",
    ...overrides,
  };
}
