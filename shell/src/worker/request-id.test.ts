import { createFakeApi } from "edge-api/fake";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FragmentRequest } from "../contract/fragment-contract.ts";
import { failing, fragment, get, jsonResponse, makeEnv, pageAnswer } from "../test/page-fakes.ts";
import type { ServiceBinding } from "./shell-env.ts";

/** The id Cloudflare gives the request at the edge (`cf-ray`). */
const RAY = "8f1d2c3b4a596877-LHR";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Records the `x-request-id` of every call to a binding before it answers. */
function recording(binding: ServiceBinding, ids: (string | null)[]): ServiceBinding {
  return {
    async fetch(input, init) {
      const request = new Request(input, init);
      ids.push(request.headers.get("x-request-id"));
      return binding.fetch(request);
    },
  };
}

describe("the request id flows shell -> fragment -> API (issue 14)", () => {
  it("sends cf-ray to the fragment (body and header) and on every API call", async () => {
    let seen: FragmentRequest | null = null;
    const fragmentIds: (string | null)[] = [];
    const apiIds: (string | null)[] = [];
    const api = createFakeApi({ sections: { sections: [] } }).binding;
    const env = makeEnv({
      CONTENT: recording(
        fragment((request) => {
          seen = request;
          return jsonResponse(pageAnswer());
        }),
        fragmentIds,
      ),
      API: recording(api, apiIds),
    });
    await get("/world", env, { headers: { "cf-ray": RAY } });
    expect(seen).toMatchObject({ requestId: RAY });
    expect(fragmentIds.length).toBeGreaterThan(0);
    expect(new Set(fragmentIds)).toEqual(new Set([RAY]));
    await get("/api/sections", env, { headers: { "cf-ray": RAY } });
    expect(apiIds.length).toBeGreaterThan(1);
    expect(new Set(apiIds)).toEqual(new Set([RAY]));
  });

  it("makes one id when there is no cf-ray, and logs with it", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => lines.push(line));
    let seen: FragmentRequest | null = null;
    const env = makeEnv({
      CONTENT: fragment((request) => {
        seen = request;
        return failing.fetch("https://fragment.internal/");
      }),
    });
    const { text } = await get("/world", env);
    const requestId = (seen as FragmentRequest | null)?.requestId ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(expect.objectContaining({ event: "fragment_failed", requestId }));
    expect(text).toContain("This page is unavailable right now");
  });
});
