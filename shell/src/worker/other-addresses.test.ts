import { describe, expect, it } from "vitest";
import type { ServiceBinding } from "./shell-env.ts";
import { get, makeEnv } from "../test/page-fakes.ts";

describe("addresses that are not pages", () => {
  it("passes feeds to the content Worker and images to the API, with security headers", async () => {
    const seen: string[] = [];
    const recorder = (body: string, type: string): ServiceBinding => ({
      async fetch(input) {
        seen.push(new URL(typeof input === "string" ? input : input.url).pathname);
        return new Response(body, { headers: { "content-type": type } });
      },
    });
    const env = makeEnv({
      CONTENT: recorder("<rss/>", "application/rss+xml"),
      API: recorder("<svg/>", "image/svg+xml"),
    });
    const feed = await get("/feeds/world.xml", env);
    expect(feed.text).toBe("<rss/>");
    expect(feed.response.headers.get("x-content-type-options")).toBe("nosniff");
    const image = await get("/images/a1.svg", env);
    expect(image.text).toBe("<svg/>");
    expect(seen).toEqual(["/feeds/world.xml", "/images/a1.svg"]);
  });

  it("refuses writes to them", async () => {
    const { response } = await get("/robots.txt", makeEnv(), { method: "POST", body: "x" });
    expect(response.status).toBe(405);
  });

  it("serves the shell's own files from its assets, immutable inside a build folder", async () => {
    const files: Record<string, string> = {
      "/_shell/shell0build1/main.js": "console.log(1)",
      "/_shell/current.json": "{}",
      "/favicon.svg": "<svg/>",
    };
    const env = makeEnv({
      ASSETS: {
        async fetch(input) {
          const path = new URL(typeof input === "string" ? input : input.url).pathname;
          const body = files[path];
          return body === undefined
            ? new Response("missing", { status: 404 })
            : new Response(body, { headers: { "content-type": "text/plain" } });
        },
      },
    });
    const main = await get("/_shell/shell0build1/main.js", env);
    expect(main.text).toBe("console.log(1)");
    expect(main.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(main.response.headers.get("x-content-type-options")).toBe("nosniff");
    const pointer = await get("/_shell/current.json", env);
    expect(pointer.response.headers.get("cache-control")).toBe("no-cache");
    const icon = await get("/favicon.svg", env);
    expect(icon.response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await get("/_shell/nope/main.js", env)).response.status).toBe(404);
    expect(
      (await get("/_shell/shell0build1/main.js", env, { method: "POST" })).response.status,
    ).toBe(405);
  });

  it("forwards the mail provider's POST /_mail/events to the API's webhook, secret and body as sent", async () => {
    const calls: {
      path: string;
      method: string;
      auth: string | null;
      id: string | null;
      body: string;
    }[] = [];
    const env = makeEnv({
      API: {
        async fetch(input) {
          const request = input as Request;
          calls.push({
            path: new URL(request.url).pathname,
            method: request.method,
            auth: request.headers.get("authorization"),
            id: request.headers.get("x-request-id"),
            body: await request.text(),
          });
          return new Response('{"suppressed":true}', {
            headers: { "content-type": "application/json" },
          });
        },
      },
    });
    const event = JSON.stringify({ RecordType: "SpamComplaint", Email: "a@b.example" });
    // A server posts it: no Origin, no browser headers; the API checks the secret.
    const posted = await get("/_mail/events", env, {
      method: "POST",
      headers: { authorization: "Bearer s3cret", "content-type": "application/json" },
      body: event,
    });
    expect(posted.response.status).toBe(200);
    expect(posted.text).toBe('{"suppressed":true}');
    expect(calls).toEqual([
      {
        path: "/api/mail/events",
        method: "POST",
        auth: "Bearer s3cret",
        id: expect.any(String) as string,
        body: event,
      },
    ]);
    const read = await get("/_mail/events", env);
    expect(read.response.status).toBe(405);
    expect(read.response.headers.get("allow")).toBe("POST");
    expect(calls).toHaveLength(1);
  });
});
