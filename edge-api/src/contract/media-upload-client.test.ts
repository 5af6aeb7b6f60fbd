import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFixtures } from "../test/media-fixtures.ts";
import { signInAs } from "../test/staff-helpers.ts";
import { apiApp as app } from "../worker/api-worker.ts";
import { uploadMedia, type ApiFetcher } from "./api-client.ts";

/**
 * `uploadMedia` (decision 0022): the newsroom's upload form sends the photograph's bytes as a
 * stream through this call; here against the real API.
 */

const seen: Request[] = [];
const binding: ApiFetcher = {
  fetch: async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return app.fetch(request, env);
  },
};

let editor: string;
beforeAll(async () => {
  editor = (await signInAs("editor")).tokens.accessToken;
});

/** `bytes` as a stream of small chunks, as a parsed multipart part hands them over. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 500));
      offset += 500;
    },
  });
}

const context = () => ({
  requestId: "upload-1",
  client: { ip: "203.0.113.9", userAgent: "vitest" },
  accessToken: editor,
});

describe("uploadMedia", () => {
  it("streams the bytes with the fields in the query and the person's token, and returns the new photograph", async () => {
    const bytes = mediaFixtures.photoJpg;
    const answer = await uploadMedia(
      binding,
      {
        body: chunked(bytes),
        length: bytes.byteLength,
        query: { alt: "Boats at dawn", credit: "Ada Lens" },
      },
      context(),
    );
    expect(answer.ok && answer.status).toBe(201);
    expect(answer.ok && answer.data).toMatchObject({
      alt: "Boats at dawn",
      credit: "Ada Lens",
      caption: "",
      format: "jpeg",
      bytes: bytes.byteLength,
    });
    const sent = seen.at(-1);
    expect(new URL(sent?.url ?? "").search).toBe("?alt=Boats+at+dawn&credit=Ada+Lens");
    expect(sent?.headers.get("authorization")).toBe(`Bearer ${editor}`);
    expect(sent?.headers.get("x-request-id")).toBe("upload-1");
    expect(sent?.headers.get("cf-connecting-ip")).toBe("203.0.113.9");
    expect(new Uint8Array((await sent?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);
  });

  it("keeps the API's code, field and message when it refuses the file or a field", async () => {
    const svg = mediaFixtures.scriptSvgJpg;
    const refused = await uploadMedia(
      binding,
      { body: chunked(svg), length: svg.byteLength, query: { alt: "A drawing" } },
      context(),
    );
    expect(refused).toMatchObject({ ok: false, status: 415, code: "unsupported_media" });
    expect(!refused.ok && refused.message).toMatch(/SVG/);
    const photo = mediaFixtures.photoPng;
    const noAlt = await uploadMedia(
      binding,
      { body: chunked(photo), length: photo.byteLength, query: { alt: "" } },
      context(),
    );
    expect(noAlt).toMatchObject({ ok: false, status: 422, code: "invalid_media", field: "alt" });
    expect(!noAlt.ok && noAlt.message).toContain("alt text");
  });
});
