import { describe, expect, it } from "vitest";
import type { FragmentRequest } from "../contract/fragment-contract.ts";
import { askFragment } from "./ask-fragment.ts";

const request: FragmentRequest = {
  routeId: "content.home",
  method: "GET",
  client: { ip: "", userAgent: "" },
  accessToken: null,
  params: {},
  path: "/",
  search: "",
  viewer: null,
  requestId: "test",
  origin: "https://daily-edge.example",
  saved: null,
};

describe("askFragment", () => {
  it("cancels a slow fragment's subrequest when its time is up, not just stops waiting", async () => {
    let seen: AbortSignal | undefined;
    const slow = {
      fetch: (_input: Request | string, init?: RequestInit) => {
        seen = init?.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      },
    };
    const outcome = await askFragment(slow, request, 50);
    expect(outcome).toMatchObject({ kind: "failed", reason: "timeout" });
    expect(seen?.aborted).toBe(true);
  });

  it("says a fragment that throws is unreachable", async () => {
    const broken = { fetch: () => Promise.reject(new Error("gone")) };
    expect(await askFragment(broken, request, 1_000)).toMatchObject({
      kind: "failed",
      reason: "unreachable",
    });
  });
});
