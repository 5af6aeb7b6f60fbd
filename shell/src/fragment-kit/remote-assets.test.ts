import { describe, expect, it } from "vitest";
import { readBuildPointer, serveRemoteAsset, type AssetsBinding } from "./remote-assets.ts";

function assets(files: Record<string, string>): AssetsBinding {
  return {
    async fetch(input) {
      const request = typeof input === "string" ? new Request(input) : input;
      const path = new URL(request.url).pathname;
      const body = files[path];
      if (body === undefined) return new Response("nope", { status: 404 });
      if (request.headers.get("if-none-match") === '"v1"')
        return new Response(null, { status: 304 });
      return new Response(body, { headers: { etag: '"v1"' } });
    },
  };
}

const files = {
  "/_mf/paper/abc123def456/remoteEntry.js": "entry()",
  "/_mf/paper/abc123def456/mf-manifest.json": "{}",
  "/_mf/paper/current.json": JSON.stringify({
    buildId: "abc123def456",
    stylesheets: [],
    builtAt: "x",
  }),
};

describe("serving a remote's files", () => {
  it("marks files inside a build folder immutable and manifests no-cache", async () => {
    const entry = await serveRemoteAsset(
      assets(files),
      new Request("https://s/_mf/paper/abc123def456/remoteEntry.js"),
    );
    expect(entry.headers.get("cache-control")).toContain("immutable");
    const manifest = await serveRemoteAsset(
      assets(files),
      new Request("https://s/_mf/paper/abc123def456/mf-manifest.json"),
    );
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
  });

  it("passes a 304 through so a revalidated manifest still loads", async () => {
    const request = new Request("https://s/_mf/paper/abc123def456/mf-manifest.json", {
      headers: { "if-none-match": '"v1"' },
    });
    const response = await serveRemoteAsset(assets(files), request);
    expect(response.status).toBe(304);
  });

  it("answers 404 for a missing file and 405 for writes", async () => {
    expect(
      (await serveRemoteAsset(assets(files), new Request("https://s/_mf/paper/zzz/x.js"))).status,
    ).toBe(404);
    const post = new Request("https://s/_mf/paper/abc123def456/remoteEntry.js", { method: "POST" });
    expect((await serveRemoteAsset(assets(files), post)).status).toBe(405);
  });

  it("reads the live build from current.json", async () => {
    expect((await readBuildPointer(assets(files), "/_mf/paper")).buildId).toBe("abc123def456");
  });
});
