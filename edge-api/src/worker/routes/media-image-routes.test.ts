import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import {
  MediaItemSchema,
  mediaOgPath,
  mediaVariantPath,
  type MediaItem,
} from "../../contract/media-contract.ts";
import { call } from "../../test/account-helpers.ts";
import { apiRequest } from "../../test/api-request.ts";
import { mediaFixtures } from "../../test/media-fixtures.ts";
import { signInAs } from "../../test/staff-helpers.ts";

let editor: string;

beforeAll(async () => {
  editor = (await signInAs("editor")).tokens.accessToken;
});

async function uploaded(bytes: Uint8Array): Promise<MediaItem> {
  const response = await apiRequest("/api/newsroom/media?alt=Quarters", {
    method: "POST",
    body: bytes,
    headers: { authorization: `Bearer ${editor}` },
  });
  expect(response.status).toBe(201);
  return MediaItemSchema.parse(await response.json());
}

async function edit(item: MediaItem, change: Record<string, unknown>): Promise<MediaItem> {
  const answer = await call(
    "PATCH",
    `/api/newsroom/media/${item.id}`,
    { baseRevision: item.revision, ...change },
    { token: editor },
  );
  expect(answer.status, answer.text).toBe(200);
  return MediaItemSchema.parse(answer.body);
}

async function imageInfo(bytes: Uint8Array) {
  return env.IMAGES.info(new Blob([bytes]).stream());
}

/**
 * The average colour of an image (of its centred square), as the binding scales it into one
 * pixel: a PNG of 1x1, whose single scanline (filter byte, R, G, B) is its inflated IDAT.
 */
async function averageColour(bytes: Uint8Array, box = 8): Promise<[number, number, number]> {
  const pixel = await env.IMAGES.input(new Blob([bytes]).stream())
    .transform({ width: box, height: box, fit: "cover", gravity: "center" })
    .output({ format: "image/png" })
    .then(async (small) =>
      env.IMAGES.input(small.image())
        .transform({ width: 1, height: 1, fit: "squeeze" })
        .output({ format: "image/png" }),
    );
  const png = new Uint8Array(await new Response(pixel.image()).arrayBuffer());
  const view = new DataView(png.buffer);
  let at = 8;
  for (;;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === "IDAT") {
      const inflated = new Response(
        new Blob([png.subarray(at + 8, at + 8 + length)])
          .stream()
          .pipeThrough(new DecompressionStream("deflate")),
      );
      const line = new Uint8Array(await inflated.arrayBuffer());
      return [line[1]!, line[2]!, line[3]!];
    }
    at += 12 + length;
  }
}

const near = (colour: [number, number, number], expected: [number, number, number]) =>
  colour.every((value, i) => Math.abs(value - expected[i]!) < 30);

describe("GET /images/media/:id/:file", () => {
  it.each([
    ["avif", "image/avif"],
    ["webp", "image/webp"],
    ["jpg", "image/jpeg"],
  ] as const)(
    "makes a %s variant once, stores it in R2 and serves it immutable with an ETag",
    async (extension, type) => {
      const item = await uploaded(mediaFixtures.photoJpg);
      const path = mediaVariantPath(item, "full", 320, extension);
      const first = await apiRequest(path);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe(type);
      expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]+"$/);
      const bytes = new Uint8Array(await first.arrayBuffer());
      expect(await imageInfo(bytes)).toMatchObject({ format: type, width: 320, height: 240 });
      const stored = await env.MEDIA.get(`variants/${item.id}/1/full-320.${extension}`);
      expect(stored?.httpEtag).toBe(etag);
      // Served again from R2, and 304 for the browser that has it.
      const again = await apiRequest(path);
      expect(again.headers.get("etag")).toBe(etag);
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
      const cached = await apiRequest(path, { headers: { "if-none-match": etag! } });
      expect(cached.status).toBe(304);
      // A cache applies a 304's headers to its copy: no-store here would undo the year.
      expect(cached.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    },
  );

  it("never enlarges: a width beyond the photograph gives the photograph's own size", async () => {
    const item = await uploaded(mediaFixtures.photoPng);
    const response = await apiRequest(mediaVariantPath(item, "full", 1600, "webp"));
    expect(await imageInfo(new Uint8Array(await response.arrayBuffer()))).toMatchObject({
      width: 160,
      height: 120,
    });
  });

  it("crops each use at the focal point, then to the newsroom's crop under a new address", async () => {
    const item = await uploaded(mediaFixtures.photoJpg);
    const square = async (media: MediaItem) =>
      new Uint8Array(
        await (await apiRequest(mediaVariantPath(media, "square", 320, "jpg"))).arrayBuffer(),
      );
    // Centred: a square of 480 from x 80, scaled to 320.
    const centred = await square(item);
    expect(await imageInfo(centred)).toMatchObject({ width: 320, height: 320 });
    // A focal point at the top left moves the square to x 0 (a new revision, a new address).
    const left = await edit(item, { focal: { x: 0, y: 0 } });
    expect(left.revision).toBe(2);
    expect(left.uses.square.rect).toEqual({ x: 0, y: 0, width: 480, height: 480 });
    // A crop of the red quarter alone, then of the white one.
    const redCorner = { x: 0, y: 0, width: 240, height: 240 };
    const cropped = await edit(left, { crops: { square: redCorner } });
    const red = await square(cropped);
    expect(await imageInfo(red)).toMatchObject({ width: 240, height: 240 });
    expect(near(await averageColour(red), [255, 0, 0])).toBe(true);
    expect(near(await averageColour(red), [255, 255, 255])).toBe(false);
    const whiteCorner = await edit(cropped, {
      crops: { square: { x: 400, y: 240, width: 240, height: 240 } },
    });
    expect(near(await averageColour(await square(whiteCorner)), [255, 255, 255])).toBe(true);
    // The wide use: a 16:9 band kept from the bottom half (blue left, white right).
    const band = await edit(whiteCorner, {
      crops: { wide: { x: 0, y: 300, width: 320, height: 180 } },
    });
    const wideJpg = new Uint8Array(
      await (await apiRequest(mediaVariantPath(band, "wide", 320, "jpg"))).arrayBuffer(),
    );
    expect(await imageInfo(wideJpg)).toMatchObject({ width: 320, height: 180 });
    expect(near(await averageColour(wideJpg), [0, 0, 255])).toBe(true);
  });

  it("serves the 1200x630 JPEG share image, enlarged when it must be", async () => {
    const item = await uploaded(mediaFixtures.photoJpg);
    const response = await apiRequest(mediaOgPath(item));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(await imageInfo(new Uint8Array(await response.arrayBuffer()))).toMatchObject({
      format: "image/jpeg",
      width: 1200,
      height: 630,
    });
  });

  it("strips EXIF and GPS from every variant, and shows a rotated photograph upright", async () => {
    const item = await uploaded(mediaFixtures.rotatedGpsJpg);
    const has = (bytes: Uint8Array, text: string) =>
      new TextDecoder("latin1").decode(bytes).includes(text);
    expect(has(mediaFixtures.rotatedGpsJpg, "Exif")).toBe(true);
    expect(has(mediaFixtures.rotatedGpsJpg, "Edge Test Camera")).toBe(true);
    for (const extension of ["jpg", "webp", "avif"] as const) {
      const response = await apiRequest(mediaVariantPath(item, "full", 320, extension));
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(has(bytes, "Exif")).toBe(false);
      expect(has(bytes, "Edge Test Camera")).toBe(false);
      expect(await imageInfo(bytes)).toMatchObject({ width: 200, height: 300 });
    }
    const og = new Uint8Array(await (await apiRequest(mediaOgPath(item))).arrayBuffer());
    expect(has(og, "Exif")).toBe(false);
  });

  it("keeps a variant in the edge cache: a repeat is answered without D1 or R2, a redirect never kept", async () => {
    const item = await uploaded(mediaFixtures.photoJpg);
    const path = mediaVariantPath(item, "square", 320, "webp");
    const first = await apiRequest(path);
    expect(first.status).toBe(200);
    const bytes = new Uint8Array(await first.arrayBuffer());
    const etag = first.headers.get("etag");
    // The photograph's row and every stored file are gone: only the edge's copy can answer.
    await env.DB.prepare("DELETE FROM media WHERE id = ?").bind(item.id).run();
    const files = await env.MEDIA.list({ prefix: `variants/${item.id}/` });
    await env.MEDIA.delete(files.objects.map((object) => object.key));
    const again = await apiRequest(path);
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const conditional = await apiRequest(path, { headers: { "if-none-match": etag ?? "" } });
    expect(conditional.status).toBe(304);
    // Another file of it was never kept: a 404 now, and the 404 is not kept either.
    const other = mediaVariantPath(item, "square", 320, "jpg");
    expect((await apiRequest(other)).status).toBe(404);
    expect(await caches.default.match(new Request(`http://localhost${other}`))).toBeUndefined();
  });

  it("moves an address from an older revision (or none) to the current one", async () => {
    const item = await uploaded(mediaFixtures.photoPng);
    const edited = await edit(item, { focal: { x: 0.2, y: 0.2 } });
    const stale = await apiRequest(mediaVariantPath(item, "wide", 320, "webp"));
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(mediaVariantPath(edited, "wide", 320, "webp"));
    const bare = await apiRequest(`/images/media/${item.id}/wide-320.webp`);
    expect(bare.headers.get("location")).toBe(mediaVariantPath(edited, "wide", 320, "webp"));
  });

  it.each([
    ["a width not in the list", "full-500.webp"],
    ["an unknown use", "banner-320.webp"],
    ["an unknown format", "full-320.gif"],
    ["an og image of another size", "og-600.jpg"],
  ])("404 for %s", async (_, file) => {
    const item = await uploaded(mediaFixtures.photoPng);
    const response = await apiRequest(`/images/media/${item.id}/${file}?v=1`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe("not_found");
  });

  it("404 for an unknown or malformed id, and 400 for another query", async () => {
    expect((await apiRequest(`/images/media/${"a".repeat(32)}/full-320.webp?v=1`)).status).toBe(
      404,
    );
    expect((await apiRequest("/images/media/1/full-320.webp?v=1")).status).toBe(404);
    const item = await uploaded(mediaFixtures.photoPng);
    expect((await apiRequest(`/images/media/${item.id}/full-320.webp?v=1&w=9`)).status).toBe(400);
  });
});
