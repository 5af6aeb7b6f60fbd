import { describe, expect, it } from "vitest";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { checkNavigationAnswer } from "../contract/navigation-checks.ts";
import { NAVIGATE_ENDPOINT } from "../contract/navigation-contract.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { fragment, get, jsonResponse, makeEnv } from "../test/page-fakes.ts";

/** The profile's "Download your data" (issue 15): the account fragment's `download` answer. */

const ORIGIN = "https://daily-edge.example";
const DATA = JSON.stringify({ account: { email: "ada@example.com" }, sessions: [] });
const download: FragmentAnswer = {
  kind: "download",
  filename: "daily-edge-account.json",
  contentType: "application/json",
  body: DATA,
};

function formPost(body = "intent=download"): RequestInit {
  return {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
  };
}

/** A fragment that answers every render with `answer`, counting the renders. */
function counting(answer: FragmentAnswer) {
  const seen: FragmentRequest[] = [];
  const binding = fragment((request) => {
    seen.push(request);
    return jsonResponse(answer);
  });
  return { binding, seen };
}

function expectAttachment(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBe(
    'attachment; filename="daily-edge-account.json"',
  );
  expect(response.headers.get("cache-control")).toBe("no-store");
  // The usual last pass over every response of the site.
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
}

describe("a download from the account fragment", () => {
  it("is sent as an attachment, no-store, with the security headers (a plain form post, no JavaScript)", async () => {
    const account = counting(download);
    const env = makeEnv({ ACCOUNT: account.binding });
    const { response, text } = await get("/profile", env, formPost());
    expectAttachment(response);
    expect(text).toBe(DATA);
    expect(account.seen[0]).toMatchObject({ routeId: "account.profile", method: "POST" });
  });

  it("is never kept by any cache: every request asks the fragment again", async () => {
    const account = counting(download);
    const env = makeEnv({ ACCOUNT: account.binding });
    for (let i = 0; i < 2; i += 1) {
      const { response } = await get("/profile", env, formPost());
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    }
    expect(account.seen).toHaveLength(2);
  });

  it("reaches a form sent by script through /_edge/navigate as the same attachment, which the client's navigation does not take for a page", async () => {
    const account = counting(download);
    const env = makeEnv({ ACCOUNT: account.binding });
    const path = `${NAVIGATE_ENDPOINT}?path=${encodeURIComponent("/newsroom/join")}`;
    const { response, text } = await get(path, env, formPost());
    expectAttachment(response);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(text).toBe(DATA);
    // The browser's navigation reads no answer in it, so it loads the address natively.
    expect(() => checkNavigationAnswer(JSON.parse(text))).toThrow();
  });
});

describe("a download from any other fragment", () => {
  it("is a fragment failure: the reader gets the unavailable page, never the file", async () => {
    const content = counting(download);
    const env = makeEnv({ CONTENT: content.binding });
    const { response, text } = await get("/world/europe/a-story", env);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(text).not.toContain("ada@example.com");
    expect(content.seen).toHaveLength(1);
  });

  it("is refused on a client navigation too", async () => {
    const paper = counting(download);
    const env = makeEnv({ PAPER: paper.binding });
    const path = `${NAVIGATE_ENDPOINT}?path=${encodeURIComponent("/todays-paper")}`;
    const { response, text } = await get(path, env);
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(JSON.parse(text)).toMatchObject({ outcome: "unavailable", fragment: "paper" });
    expect(paper.seen).toHaveLength(1);
  });
});
