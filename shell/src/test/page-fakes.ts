import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { BootDataSchema } from "../contract/navigation-contract.ts";
import type { ServiceBinding, ShellEnv } from "../worker/shell-env.ts";
import { createFakeApi } from "edge-api/fake";
import { callShell } from "./call-shell.ts";

/** Fragments, an API and assets for the shell Worker's page tests. */

export const BUILD = "abc123def456";

export type FragmentBehaviour = (request: FragmentRequest) => Promise<Response> | Response;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export function pageAnswer(
  overrides: Partial<Extract<FragmentAnswer, { kind: "page" }>> = {},
): FragmentAnswer {
  return {
    kind: "page",
    status: 200,
    head: {
      title: "A story | The Daily Edge",
      description: "About a story",
      canonicalPath: "/world/europe/a-story",
    },
    html: "<article><h1>A story</h1><p>By Jane Doe</p></article>",
    props: { headline: "A story" },
    buildId: BUILD,
    stylesheets: [`/_mf/content/${BUILD}/fragment.css`],
    cache: { scope: "public", maxAge: 60 },
    ...overrides,
  };
}

export function fragment(behaviour: FragmentBehaviour): ServiceBinding {
  return {
    async fetch(input, init) {
      const request = new Request(input, init);
      // No live-build endpoint: these pages are served without the edge cache (edge-cache.test.ts).
      if (request.method === "GET") return new Response("no such endpoint", { status: 404 });
      return behaviour((await request.json()) as FragmentRequest);
    },
  };
}

export const failing: ServiceBinding = {
  fetch: () => Promise.reject(new Error("fragment exploded")),
};

export function makeEnv(parts: Partial<ShellEnv> = {}): ShellEnv {
  return {
    ASSETS: {
      async fetch(input) {
        const url = new URL(typeof input === "string" ? input : input.url);
        if (url.pathname === "/_shell/current.json") {
          return jsonResponse({
            buildId: "shell0build1",
            stylesheets: ["shell.css"],
            builtAt: "x",
          });
        }
        return new Response("missing", { status: 404 });
      },
    },
    CONTENT: fragment(() => jsonResponse(pageAnswer())),
    ACCOUNT: fragment(() => jsonResponse({ kind: "not-found" })),
    PAPER: fragment(() => jsonResponse({ kind: "not-found" })),
    // No content version: these pages are served without the edge cache (edge-cache.test.ts).
    API: createFakeApi({
      sections: { sections: [{ slug: "world", name: "World", description: "", categories: [] }] },
    }).binding,
    PUBLIC_ORIGIN: "https://daily-edge.example",
    FRAGMENT_TIMEOUT_MS: "300",
    PUBLICATION_TIME_ZONE: "Europe/London",
    PUBLICATION_NAME: "The Daily Edge",
    ...parts,
  };
}

export async function get(path: string, env: ShellEnv, init?: RequestInit) {
  const response = await callShell(new Request(`https://daily-edge.example${path}`, init), env);
  return { response, text: await response.text() };
}

export function bootData(html: string) {
  const match = /<script type="application\/json" id="edge-boot">(.*?)<\/script>/s.exec(html);
  return BootDataSchema.parse(JSON.parse(match?.[1] ?? "null"));
}
