import { desc, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import {
  MAX_MEDIA_BYTES,
  MediaItemSchema,
  MediaListSchema,
  type MediaItem,
} from "../../contract/media-contract.ts";
import { auditLog } from "../../db/account-schema.ts";
import { media } from "../../db/media-schema.ts";
import { call, db } from "../../test/account-helpers.ts";
import { apiRequest } from "../../test/api-request.ts";
import { mediaFixtures } from "../../test/media-fixtures.ts";
import { signInAs } from "../../test/staff-helpers.ts";

let editor: string;
let contributor: string;
let otherContributor: string;
let reader: string;

beforeAll(async () => {
  editor = (await signInAs("editor", { displayName: "Eda Editor" })).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  otherContributor = (await signInAs("contributor")).tokens.accessToken;
  reader = (await signInAs("reader")).tokens.accessToken;
});

interface UploadOptions {
  token?: string;
  alt?: string;
  caption?: string;
  credit?: string;
  /** What the uploader claims; the API never trusts it. */
  contentType?: string;
  headers?: Record<string, string>;
}

async function upload(
  body: BodyInit,
  options: UploadOptions = {},
): Promise<{ status: number; body: unknown; response: Response }> {
  const query = new URLSearchParams({ alt: options.alt ?? "A photograph" });
  if (options.caption !== undefined) query.set("caption", options.caption);
  if (options.credit !== undefined) query.set("credit", options.credit);
  const response = await apiRequest(`/api/newsroom/media?${query}`, {
    method: "POST",
    body,
    headers: {
      "content-type": options.contentType ?? "image/jpeg",
      authorization: `Bearer ${options.token ?? editor}`,
      ...options.headers,
    },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, response };
}

const errorOf = (body: unknown) => (body as ApiErrorBody).error;

async function uploaded(bytes: Uint8Array, options: UploadOptions = {}): Promise<MediaItem> {
  const answer = await upload(bytes, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return MediaItemSchema.parse(answer.body);
}

async function storedObjects(): Promise<number> {
  return (await env.MEDIA.list({ prefix: "originals/" })).objects.length;
}

describe("POST /api/newsroom/media: photographs the library takes", () => {
  it.each([
    ["JPEG", mediaFixtures.photoJpg, "jpeg", 640, 480],
    ["PNG", mediaFixtures.photoPng, "png", 160, 120],
    ["WebP", mediaFixtures.photoWebp, "webp", 160, 120],
    ["AVIF", mediaFixtures.photoAvif, "avif", 160, 120],
  ] as const)(
    "stores a %s in R2 with its format, size and fields",
    async (_, bytes, format, width, height) => {
      const item = await uploaded(bytes, {
        alt: "Boats in the harbour",
        caption: "Morning at the quay",
        credit: "Ada Lens / Edge",
        // Declared wrongly on purpose: the bytes decide.
        contentType: "application/octet-stream",
      });
      expect(item).toMatchObject({
        format,
        width,
        height,
        bytes: bytes.byteLength,
        alt: "Boats in the harbour",
        caption: "Morning at the quay",
        credit: "Ada Lens / Edge",
        focal: { x: 0.5, y: 0.5 },
        crops: { wide: null, square: null, portrait: null },
        revision: 1,
        uploadedBy: { displayName: "Eda Editor" },
      });
      expect(item.id).toMatch(/^[0-9a-f]{32}$/);
      const [row] = await db.select().from(media).where(eq(media.id, item.id));
      const original = await env.MEDIA.get(row!.r2Key);
      expect(new Uint8Array(await original!.arrayBuffer())).toEqual(bytes);
      expect(original!.httpMetadata?.contentType).toBe(`image/${format}`);
    },
  );

  it("stores an EXIF-rotated photograph as it is displayed: portrait", async () => {
    const item = await uploaded(mediaFixtures.rotatedGpsJpg);
    expect([item.width, item.height]).toEqual([200, 300]);
  });

  it("lets contributors upload, and audits the upload", async () => {
    const item = await uploaded(mediaFixtures.photoPng, { token: contributor, alt: "Quay" });
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "media.upload" });
    expect(entry!.subject).toContain(item.id);
    expect(JSON.parse(entry!.detail)).toEqual({
      format: "png",
      width: 160,
      height: 120,
      bytes: 786,
    });
  });

  it("refuses readers (403) and anonymous callers (401)", async () => {
    expect((await upload(mediaFixtures.photoJpg, { token: reader })).status).toBe(403);
    const anonymous = await apiRequest("/api/newsroom/media?alt=x", {
      method: "POST",
      body: mediaFixtures.photoJpg,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/newsroom/media: what it refuses, never storing it", () => {
  it.each([
    [
      "an SVG with a script, named .jpg and declared image/jpeg",
      mediaFixtures.scriptSvgJpg,
      /an SVG drawing/,
    ],
    ["a plain SVG", mediaFixtures.plainSvg, /an SVG drawing/],
    ["a PDF", mediaFixtures.documentPdf, /a PDF document/],
    ["a GIF", mediaFixtures.animationGif, /a GIF/],
    [
      "a web page",
      new TextEncoder().encode(
        "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>",
      ),
      /a web page/,
    ],
    ["random bytes", crypto.getRandomValues(new Uint8Array(256)), /not an image the site can use/],
  ])("415 for %s", async (_, bytes, described) => {
    const before = await storedObjects();
    const answer = await upload(bytes);
    expect(answer.status).toBe(415);
    expect(errorOf(answer.body).code).toBe("unsupported_media");
    expect(errorOf(answer.body).message).toMatch(described);
    expect(errorOf(answer.body).message).toMatch(/JPEG, PNG, WebP or AVIF/);
    expect(await storedObjects()).toBe(before);
  });

  it("422 for a decompression bomb (a tiny PNG declaring 30000x30000), saying its size", async () => {
    const answer = await upload(mediaFixtures.bombPng, { contentType: "image/png" });
    expect(answer.status).toBe(422);
    expect(errorOf(answer.body)).toMatchObject({ code: "invalid_media" });
    expect(errorOf(answer.body).message).toMatch(/30,000 × 30,000 pixels \(900 megapixels\)/);
    expect(errorOf(answer.body).message).toMatch(/at most 40 megapixels/);
  });

  it("422 for a 100-megapixel image, each side within limits", async () => {
    const answer = await upload(mediaFixtures.hundredMegapixelsPng, { contentType: "image/png" });
    expect(answer.status).toBe(422);
    expect(errorOf(answer.body).message).toMatch(/10,000 × 10,000 pixels \(100 megapixels\)/);
  });

  it("422 for a truncated JPEG: damaged or incomplete", async () => {
    const before = await storedObjects();
    const answer = await upload(mediaFixtures.truncatedJpg);
    expect(answer.status).toBe(422);
    expect(errorOf(answer.body)).toMatchObject({ code: "invalid_media" });
    expect(errorOf(answer.body).message).toMatch(/damaged or incomplete/);
    expect(await storedObjects()).toBe(before);
  });

  it("413 when Content-Length says over 20 MB, before reading it", async () => {
    const answer = await upload(new Uint8Array(MAX_MEDIA_BYTES + 1));
    expect(answer.status).toBe(413);
    expect(errorOf(answer.body)).toMatchObject({ code: "payload_too_large" });
    expect(errorOf(answer.body).message).toMatch(/20 MB/);
  });

  it("413 for a streamed body (no Content-Length) that passes 20 MB", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(mediaFixtures.photoJpg.subarray(0, 4));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 22) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const answer = await upload(stream, { headers: { "transfer-encoding": "chunked" } });
    expect(answer.status).toBe(413);
    expect(errorOf(answer.body).message).toMatch(/20 MB/);
  });

  it("400 for an empty body, 422 for a missing alt text, 400 for an unknown field", async () => {
    const empty = await upload(new Uint8Array());
    expect(empty.status).toBe(400);
    expect(errorOf(empty.body).message).toMatch(/bytes as the request body/);
    const noAlt = await upload(mediaFixtures.photoJpg, { alt: "  " });
    expect(noAlt.status).toBe(422);
    expect(errorOf(noAlt.body)).toMatchObject({ code: "invalid_media", field: "alt" });
    const unknown = await apiRequest("/api/newsroom/media?alt=x&colour=red", {
      method: "POST",
      body: mediaFixtures.photoJpg,
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(unknown.status).toBe(400);
  });
});

describe("GET /api/newsroom/media: the library", () => {
  it("lists newest first, a page at a time, and searches alt, caption and credit", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const made: MediaItem[] = [];
    for (const [i, fields] of [
      { alt: `Lighthouse ${tag}` },
      { alt: "Ferry", caption: `Crossing ${tag} at dawn` },
      { alt: "Dunes", credit: `Studio ${tag}` },
      { alt: "Unrelated" },
    ].entries()) {
      made.push(await uploaded(mediaFixtures.photoPng, fields));
      expect(i).toBeGreaterThanOrEqual(0);
    }
    const found = await call("GET", `/api/newsroom/media?q=${tag}`, undefined, {
      token: contributor,
    });
    expect(found.status).toBe(200);
    const list = MediaListSchema.parse(found.body);
    expect(list.items.map((item) => item.id)).toEqual(
      made
        .slice(0, 3)
        .map((m) => m.id)
        .reverse(),
    );
    // LIKE wildcards in the query are literal.
    const percent = MediaListSchema.parse(
      (await call("GET", "/api/newsroom/media?q=%25", undefined, { token: editor })).body,
    );
    expect(percent.items).toEqual([]);
  });

  it("walks pages with the cursor, newest first, without repeats", async () => {
    for (let i = 0; i < 31; i++) {
      await db.insert(media).values({
        id: (i.toString(16).padStart(2, "0") + "f".repeat(30)).slice(0, 32),
        r2Key: `originals/page-${i}`,
        format: "png",
        width: 10,
        height: 10,
        bytes: 10,
        alt: "Paged",
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
        updatedAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path = `/api/newsroom/media?q=Paged${cursor ? `&cursor=${cursor}` : ""}`;
      const list = MediaListSchema.parse(
        (await call("GET", path, undefined, { token: editor })).body,
      );
      seen.push(...list.items.map((item) => item.createdAt));
      cursor = list.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(31);
    expect([...seen].sort().reverse()).toEqual(seen);
    const bad = await call("GET", "/api/newsroom/media?cursor=nope!", undefined, { token: editor });
    expect(bad.status).toBe(400);
  });

  it("opens one photograph; 404 for an unknown or malformed id; readers 403", async () => {
    const item = await uploaded(mediaFixtures.photoWebp);
    const one = await call("GET", `/api/newsroom/media/${item.id}`, undefined, {
      token: contributor,
    });
    expect(MediaItemSchema.parse(one.body)).toEqual(item);
    expect(
      (await call("GET", `/api/newsroom/media/${"0".repeat(32)}`, undefined, { token: editor }))
        .status,
    ).toBe(404);
    expect((await call("GET", "/api/newsroom/media/1", undefined, { token: editor })).status).toBe(
      404,
    );
    expect((await call("GET", "/api/newsroom/media", undefined, { token: reader })).status).toBe(
      403,
    );
  });
});

describe("PATCH /api/newsroom/media/:id", () => {
  it("changes fields, focal point and crops, moving the revision and auditing the change", async () => {
    const item = await uploaded(mediaFixtures.photoJpg);
    const wide = { x: 0, y: 60, width: 640, height: 360 };
    const answer = await call(
      "PATCH",
      `/api/newsroom/media/${item.id}`,
      {
        baseRevision: 1,
        alt: "Quarters",
        credit: "Edge",
        focal: { x: 0.25, y: 0.75 },
        crops: { wide },
      },
      { token: editor },
    );
    expect(answer.status, answer.text).toBe(200);
    const edited = MediaItemSchema.parse(answer.body);
    expect(edited).toMatchObject({
      alt: "Quarters",
      caption: "",
      credit: "Edge",
      focal: { x: 0.25, y: 0.75 },
      crops: { wide, square: null, portrait: null },
      revision: 2,
    });
    expect(edited.uses.wide.rect).toEqual(wide);
    // No crop: the largest square at the focal point, pushed inside the image.
    expect(edited.uses.square.rect).toEqual({ x: 0, y: 0, width: 480, height: 480 });
    expect(edited.uses.portrait.rect).toEqual({ x: 0, y: 0, width: 384, height: 480 });
    expect(edited.uses.full.widths).toEqual([320, 480, 640]);
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "media.update" });
    expect(JSON.parse(entry!.detail).alt).toEqual(["A photograph", "Quarters"]);

    const cleared = await call(
      "PATCH",
      `/api/newsroom/media/${item.id}`,
      { baseRevision: 2, crops: { wide: null } },
      { token: editor },
    );
    expect(MediaItemSchema.parse(cleared.body).crops.wide).toBeNull();
  });

  it("moves the content version, so pages showing the photograph get its new address", async () => {
    const item = await uploaded(mediaFixtures.photoPng);
    const version = async () =>
      ((await (await apiRequest("/api/content-version")).json()) as { version: string }).version;
    const before = await version();
    await call(
      "PATCH",
      `/api/newsroom/media/${item.id}`,
      { baseRevision: 1, focal: { x: 0.1, y: 0.9 } },
      { token: editor },
    );
    expect(await version()).not.toBe(before);
  });

  it("409 for an edit from an older revision, writing nothing", async () => {
    const item = await uploaded(mediaFixtures.photoPng);
    const first = await call(
      "PATCH",
      `/api/newsroom/media/${item.id}`,
      { baseRevision: 1, caption: "One" },
      { token: editor },
    );
    expect(first.status).toBe(200);
    const audits = (await db.select().from(auditLog)).length;
    const stale = await call(
      "PATCH",
      `/api/newsroom/media/${item.id}`,
      { baseRevision: 1, caption: "Two" },
      { token: editor },
    );
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).code).toBe("stale_revision");
    const [row] = await db.select().from(media).where(eq(media.id, item.id));
    expect(row).toMatchObject({ caption: "One", revision: 2 });
    expect((await db.select().from(auditLog)).length).toBe(audits);
  });

  it.each([
    [
      "a wide crop that is not 16:9",
      { wide: { x: 0, y: 0, width: 400, height: 400 } },
      /must be 16:9/,
    ],
    [
      "a square crop outside the photograph",
      { square: { x: 300, y: 0, width: 400, height: 400 } },
      /goes outside the photograph, which is 640 × 480/,
    ],
    [
      "a portrait crop that is not 4:5",
      { portrait: { x: 0, y: 0, width: 100, height: 100 } },
      /must be 4:5/,
    ],
  ])("422 for %s, naming the crop", async (_, crops, message) => {
    const item = await uploaded(mediaFixtures.photoJpg);
    const answer = await call(
      "PATCH",
      `/api/newsroom/media/${item.id}`,
      { baseRevision: 1, crops },
      { token: editor },
    );
    expect(answer.status).toBe(422);
    expect(errorOf(answer.body)).toMatchObject({
      code: "invalid_media",
      field: `crops.${Object.keys(crops)[0]}`,
    });
    expect(errorOf(answer.body).message).toMatch(message);
  });

  it("400 for a focal point outside 0..1 or an unknown field; 422 for an empty alt", async () => {
    const item = await uploaded(mediaFixtures.photoPng);
    const path = `/api/newsroom/media/${item.id}`;
    expect(
      (await call("PATCH", path, { baseRevision: 1, focal: { x: 1.5, y: 0 } }, { token: editor }))
        .status,
    ).toBe(400);
    expect(
      (await call("PATCH", path, { baseRevision: 1, colour: "red" }, { token: editor })).status,
    ).toBe(400);
    const empty = await call("PATCH", path, { baseRevision: 1, alt: " " }, { token: editor });
    expect(empty.status).toBe(422);
    expect(errorOf(empty.body).field).toBe("alt");
  });

  it("contributors edit only what they uploaded; editors edit anything", async () => {
    const own = await uploaded(mediaFixtures.photoPng, { token: contributor });
    const path = `/api/newsroom/media/${own.id}`;
    const other = await call(
      "PATCH",
      path,
      { baseRevision: 1, caption: "Not mine" },
      { token: otherContributor },
    );
    expect(other.status).toBe(403);
    expect(
      (await call("PATCH", path, { baseRevision: 1, caption: "Mine" }, { token: contributor }))
        .status,
    ).toBe(200);
    expect(
      (await call("PATCH", path, { baseRevision: 2, caption: "Desk" }, { token: editor })).status,
    ).toBe(200);
    expect(
      (await call("PATCH", path, { baseRevision: 3, caption: "Reader" }, { token: reader })).status,
    ).toBe(403);
  });
});
