import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { aGhostExport, aWordPressExport } from "../test/import-exports.ts";
import { signInAs } from "../test/staff-helpers.ts";
import { apiApp as app } from "../worker/api-worker.ts";
import { uploadImport, type ApiFetcher } from "./api-client.ts";

/**
 * `uploadImport` (issue 18): the Import screen sends the export's bytes as a stream with their
 * length and the rules in the query; here against the real API.
 */

const seen: Request[] = [];
const binding: ApiFetcher = {
  fetch: async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return app.fetch(request, env);
  },
};

let admin: string;
beforeAll(async () => {
  admin = (await signInAs("admin")).tokens.accessToken;
});

/** `text` as a stream of small chunks of unknown length, as a parsed multipart part. */
function chunked(text: string): { body: ReadableStream<Uint8Array>; length: number } {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 700));
      offset += 700;
    },
  });
  return { body, length: bytes.byteLength };
}

describe("uploadImport", () => {
  it("streams the export with its length, repeats the section rules, and returns the dry run", async () => {
    const answer = await uploadImport(
      binding,
      {
        ...chunked(aGhostExport()),
        query: {
          system: "ghost",
          fileName: "ghost.json",
          defaultSection: "archive",
          section: ["news:world", "politics:politics"],
        },
      },
      { requestId: "import-1", accessToken: admin },
    );
    expect(answer.ok && answer.status).toBe(201);
    expect(answer.ok && answer.data.import).toMatchObject({
      system: "ghost",
      status: "checked",
      report: { dryRun: true },
    });
    const sent = seen.at(-1);
    expect(new URL(sent?.url ?? "").searchParams.getAll("section")).toEqual([
      "news:world",
      "politics:politics",
    ]);
    expect(sent?.headers.get("content-length")).toBe(String(chunked(aGhostExport()).length));
    expect(sent?.headers.get("authorization")).toBe(`Bearer ${admin}`);
  });

  it("sends the old site's address a Ghost export does not say, and keeps the API's refusal of a bad one", async () => {
    const realExport = aGhostExport({ settings: [{ key: "title", value: "The Old Ghost" }] });
    const answer = await uploadImport(
      binding,
      {
        ...chunked(realExport),
        query: { system: "ghost", fileName: "ghost.json", siteUrl: "https://old.example.com" },
      },
      { accessToken: admin },
    );
    expect(new URL(seen.at(-1)?.url ?? "").searchParams.get("siteUrl")).toBe(
      "https://old.example.com",
    );
    expect(answer.ok && answer.data.import.report.origin).toBe("ghost:https://old.example.com");
    const refused = await uploadImport(
      binding,
      {
        ...chunked(realExport),
        query: { system: "ghost", fileName: "ghost.json", siteUrl: "old.example.com" },
      },
      { accessToken: admin },
    );
    expect(refused).toMatchObject({ ok: false, status: 422, code: "invalid_site_url" });
    expect(!refused.ok && refused.message).toMatch(/whole address/);
  });

  it("keeps the API's code and sentence when it refuses the file", async () => {
    const refused = await uploadImport(
      binding,
      {
        ...chunked(aWordPressExport({ prolog: '<!DOCTYPE rss [<!ENTITY a "a">]>\n' })),
        query: { system: "wordpress", fileName: "wp.xml" },
      },
      { accessToken: admin },
    );
    expect(refused).toMatchObject({ ok: false, status: 422, code: "dtd_refused" });
    expect(!refused.ok && refused.message).toMatch(/DTD/);
  });
});
