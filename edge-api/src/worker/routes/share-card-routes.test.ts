import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MediaItemSchema,
  mediaVariantPath,
  shareCardPath,
  shareCardVersion,
  type ShareCardTarget,
} from "../../contract/media-contract.ts";
import { articleSlugHistory } from "../../db/account-schema.ts";
import { createDatabase } from "../../db/database.ts";
import { createArticle, createDesk, hoursAgo } from "../../test/factories.ts";
import { apiRequest } from "../../test/api-request.ts";
import { mediaFixtures } from "../../test/media-fixtures.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const db = createDatabase(env.DB);
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

const harbour: ShareCardTarget = {
  kind: "article",
  slug: "harbour-deal",
  title: "Harbour deal agreed",
};
const world: ShareCardTarget = { kind: "section", slug: "world", title: "World" };

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  await createArticle(db, {
    category,
    slug: "harbour-deal",
    headline: "Harbour deal agreed",
    publishedAt: hoursAgo(2),
  });
  await createArticle(db, { category, slug: "quiet-draft", status: "draft", publishedAt: null });
  await createArticle(db, { category, slug: "tomorrow", publishedAt: hoursAgo(-5) });
  await createArticle(db, {
    category,
    slug: "markup-headline",
    headline: `<script>alert("x")</script> Fish & chips & "more" <b>`,
  });
});

/** A card as a reader's browser gets it: the bytes, after checking they are a 1200x630 JPEG. */
async function cardBytes(path: string): Promise<{ response: Response; bytes: Uint8Array }> {
  const response = await apiRequest(path);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual(JPEG_MAGIC);
  const info = await env.IMAGES.info(new Blob([bytes]).stream());
  expect(info).toMatchObject({ format: "image/jpeg", width: 1200, height: 630 });
  return { response, bytes };
}

describe("share cards", () => {
  it("makes a published article's card a 1200x630 JPEG, kept in R2 and cached for a year", async () => {
    const path = shareCardPath(harbour);
    const { response } = await cardBytes(path);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const stored = await env.MEDIA.head(
      `cards/article/harbour-deal/${shareCardVersion(harbour)}.jpg`,
    );
    expect(stored?.httpEtag).toBe(response.headers.get("etag"));
  });

  it("serves the second request from R2 with the same ETag, and 304 when the reader has it", async () => {
    const path = shareCardPath(harbour);
    const first = await apiRequest(path);
    await first.arrayBuffer();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const key = `cards/article/harbour-deal/${shareCardVersion(harbour)}.jpg`;
    const before = await env.MEDIA.head(key);
    const second = await apiRequest(path);
    await second.arrayBuffer();
    expect(second.headers.get("etag")).toBe(etag);
    // Not made again: the object in R2 is the one the first request stored.
    expect((await env.MEDIA.head(key))?.uploaded).toEqual(before?.uploaded);
    const cached = await apiRequest(path, { headers: { "if-none-match": etag ?? "" } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("etag")).toBe(etag);
    expect(cached.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("moves an address with an older headline's v (or none) to the current card", async () => {
    const old = shareCardPath({ ...harbour, title: "Harbour talks go on" });
    const stale = await apiRequest(old);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(shareCardPath(harbour));
    const bare = await apiRequest("/images/cards/article/harbour-deal.jpg");
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe(shareCardPath(harbour));
  });

  it("moves a renamed article's old slug to its current card", async () => {
    const { category } = await createDesk(db, { slug: "science", name: "Science" });
    const renamed = await createArticle(db, {
      category,
      slug: "comet-seen",
      headline: "Comet seen over the bay",
    });
    await db
      .insert(articleSlugHistory)
      .values({ slug: "comet-sighted", articleId: renamed.id, createdAt: new Date() });
    const old = await apiRequest("/images/cards/article/comet-sighted.jpg?v=00000000");
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(
      shareCardPath({ kind: "article", slug: "comet-seen", title: "Comet seen over the bay" }),
    );
  });

  it("redirects with the same cache headers as a photograph's older revision", async () => {
    const editor = (await signInAs("editor")).tokens.accessToken;
    const upload = await apiRequest("/api/newsroom/media?alt=Quarters", {
      method: "POST",
      body: mediaFixtures.photoPng,
      headers: { authorization: `Bearer ${editor}` },
    });
    const item = MediaItemSchema.parse(await upload.json());
    const photo = await apiRequest(mediaVariantPath({ ...item, revision: 0 }, "full", 320, "jpg"));
    const card = await apiRequest("/images/cards/home.jpg?v=00000000");
    expect(photo.status).toBe(302);
    expect(card.status).toBe(302);
    expect(card.headers.get("cache-control")).toBe(photo.headers.get("cache-control"));
  });

  it.each([
    ["an unknown article", "/images/cards/article/no-such-story.jpg?v=00000000"],
    ["a draft", "/images/cards/article/quiet-draft.jpg?v=00000000"],
    ["an article scheduled for later", "/images/cards/article/tomorrow.jpg?v=00000000"],
    ["an unknown section", "/images/cards/section/no-such-section.jpg?v=00000000"],
    ["a malformed slug", "/images/cards/article/Harbour_Deal.jpg?v=00000000"],
    ["another format", "/images/cards/article/harbour-deal.png?v=00000000"],
    ["an unknown kind of card", "/images/cards/author/harbour-deal.jpg?v=00000000"],
    ["a path beyond a card", "/images/cards/article/harbour-deal.jpg/x?v=00000000"],
  ])("404 for %s, whatever the v", async (_, path) => {
    const response = await apiRequest(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("draws a headline with markup characters as words (the SVG escapes them)", async () => {
    const target: ShareCardTarget = {
      kind: "article",
      slug: "markup-headline",
      title: `<script>alert("x")</script> Fish & chips & "more" <b>`,
    };
    await cardBytes(shareCardPath(target));
  });

  it("makes a section's card and the home page's card", async () => {
    await cardBytes(shareCardPath(world));
    expect(
      await env.MEDIA.head(`cards/section/world/${shareCardVersion(world)}.jpg`),
    ).not.toBeNull();
    await cardBytes(shareCardPath({ kind: "home" }));
    const home = await env.MEDIA.head(`cards/home/${shareCardVersion({ kind: "home" })}.jpg`);
    expect(home).not.toBeNull();
  });

  it("400 for a query it does not know", async () => {
    const response = await apiRequest(`${shareCardPath({ kind: "home" })}&size=large`);
    expect(response.status).toBe(400);
  });
});
