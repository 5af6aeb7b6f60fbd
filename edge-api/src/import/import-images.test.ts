import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articleRevisions } from "../db/account-schema.ts";
import { createDatabase } from "../db/database.ts";
import { importMedia } from "../db/import-schema.ts";
import { media } from "../db/media-schema.ts";
import { resolveStoryFields } from "../db/story-field-queries.ts";
import { articles, pages } from "../db/schema.ts";
import { sanitizeBody } from "../domain/body-blocks.ts";
import { parseRevisionFields } from "../domain/story-fields.ts";
import { apiRequest } from "../test/api-request.ts";
import { importCall, importOf, RecordingQueue, uploadExport } from "../test/import-api.ts";
import { aGhostExport, aGhostPost, ghostExportTables } from "../test/import-exports.ts";
import { mediaFixtures } from "../test/media-fixtures.ts";
import { signInAs } from "../test/staff-helpers.ts";
import { runImportJob } from "../worker/import-queue.ts";
import { parseGhostExport } from "./ghost-export.ts";
import {
  isPrivateHost,
  photographAddressProblem,
  type PhotographDownloads,
} from "./import-images.ts";
import { runImport } from "./run-import.ts";

/**
 * An imported post's photographs into the media library (issue 18, decision 0024), through
 * the library's own checks, on the real Images binding and R2 bucket of the Workers pool. The
 * old site is a fake `fetch` answering from a table (no network): it counts what is asked.
 */

const db = createDatabase(env.DB);
const NOW = new Date("2026-11-25T10:00:00Z");
const RULES = { defaultSection: "archive", tagSections: {} };
const MB = 1024 * 1024;

type Answer =
  | Uint8Array
  | { status: number; text?: string; headers?: Record<string, string> }
  | { stream: () => ReadableStream<Uint8Array>; headers?: Record<string, string> }
  | "hang";

/** The old site and whoever else the export names: each address answers from `answers`. */
function fakeWeb(answers: Record<string, Answer>) {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push(url);
    const answer = answers[url];
    if (answer === undefined)
      return new Response("Not Found", { status: 404, statusText: "Not Found" });
    if (answer === "hang") {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener("abort", () => reject(signal.reason));
      });
    }
    if (answer instanceof Uint8Array) return new Response(answer, { status: 200 });
    if ("stream" in answer) return new Response(answer.stream(), { headers: answer.headers ?? {} });
    return new Response(answer.text ?? null, {
      status: answer.status,
      headers: answer.headers ?? {},
    });
  }) as typeof fetch;
  return { fetch: fetcher, calls };
}

function downloads(web: { fetch: typeof fetch }, more: Partial<PhotographDownloads> = {}) {
  return { fetch: web.fetch, images: env.IMAGES, bucket: env.MEDIA, ...more };
}

/** A Ghost export of the site at `site` with these posts (bylined by Ada). */
function ghostSite(
  site: string,
  posts: Record<string, unknown>[],
  meta: Record<string, unknown>[] = [],
) {
  const tables = ghostExportTables();
  return parseGhostExport(
    aGhostExport({
      posts,
      posts_tags: [],
      posts_authors: posts.map((post, index) => ({
        id: `pa-${index}`,
        post_id: post.id,
        author_id: "ghost-user-ada",
        sort_order: 0,
      })),
      posts_meta: meta,
      settings: [
        { id: "s-1", key: "url", value: site },
        { id: "s-2", key: "title", value: `Old site at ${site}` },
      ],
      users: tables.users,
    }),
  );
}

const articleBySlug = async (slug: string) =>
  (await db.select().from(articles).where(eq(articles.slug, slug)))[0];

async function bodyOf(slug: string) {
  const row = await articleBySlug(slug);
  return JSON.parse(row?.body ?? "[]") as { type: string; [key: string]: unknown }[];
}

const imageIds = (body: { type: string; [key: string]: unknown }[]) =>
  body
    .filter((block) => block.type === "image")
    .map((block) => (block.image as { media: { id: string } }).media.id);

describe("photographAddressProblem: what the import never fetches", () => {
  it("refuses other schemes and addresses on this machine or its network", () => {
    for (const address of [
      "http://localhost/a.jpg",
      "http://news.localhost/a.jpg",
      "http://127.0.0.1/a.jpg",
      "http://2130706433/a.jpg", // 127.0.0.1 written as a number
      "http://0x7f.1/a.jpg",
      "http://10.1.2.3/a.jpg",
      "http://172.16.0.1/a.jpg",
      "http://192.168.1.10/a.jpg",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/a.jpg",
      "http://0.0.0.0/a.jpg",
      "http://[::1]/a.jpg",
      "http://[::]/a.jpg",
      "http://[::ffff:127.0.0.1]/a.jpg",
      "http://[fd00::1]/a.jpg",
      "http://[fe80::1]/a.jpg",
    ]) {
      expect(photographAddressProblem(address), address).toMatch(
        /is a local or private network address/,
      );
      expect(photographAddressProblem(address, true), address).toBeNull();
    }
    expect(photographAddressProblem("ftp://old.example/a.jpg")).toBe(
      "Only http and https addresses are downloaded, not ftp:.",
    );
    expect(photographAddressProblem("data:image/png;base64,AAAA")).toMatch(/not data:/);
    expect(photographAddressProblem("not an address")).toBe("Its address is not a web address.");
  });

  it("lets public addresses through", () => {
    for (const address of [
      "https://old.example/a.jpg",
      "http://93.184.216.34/a.jpg",
      "http://172.32.0.1/a.jpg",
      "http://[2001:db8::1]/a.jpg",
      "http://[::ffff:93.184.216.34]/a.jpg",
    ]) {
      expect(photographAddressProblem(address), address).toBeNull();
    }
    expect(isPrivateHost("localhost.example")).toBe(false);
  });
});

describe("an import with photographs", () => {
  const SITE = "https://old-photos.example";
  const VOTE = `${SITE}/content/images/vote.jpg`;
  const QUAY = `${SITE}/content/images/quay.png`;
  const HARBOUR = `${SITE}/content/images/harbour.webp`;
  const web = fakeWeb({
    [VOTE]: mediaFixtures.photoJpg,
    [QUAY]: mediaFixtures.photoPng,
    [HARBOUR]: mediaFixtures.photoWebp,
  });
  const posts = [
    aGhostPost({
      id: "photo-post",
      title: "Council votes on the harbour",
      html:
        '<p>The council voted.</p><figure><img src="__GHOST_URL__/content/images/vote.jpg" alt="The council chamber">' +
        "<figcaption>Councillors <b>voting</b>.</figcaption></figure>" +
        '<p>More.</p><p><img src="__GHOST_URL__/content/images/quay.png"></p>',
      feature_image: "__GHOST_URL__/content/images/harbour.webp",
    }),
    aGhostPost({
      id: "photo-post-two",
      title: "The vote, again",
      html: '<p>Again.</p><p><img src="__GHOST_URL__/content/images/vote.jpg" alt="The chamber again"></p>',
    }),
    aGhostPost({
      id: "photo-page",
      type: "page",
      title: "About the harbour",
      html: '<p><img src="__GHOST_URL__/content/images/quay.png" alt="The quay"></p>',
    }),
  ];
  const meta = [
    {
      id: "pm-1",
      post_id: "photo-post",
      feature_image_alt: "Boats in the harbour",
      feature_image_caption: 'Photo by <a href="https://ada.example">Ada Lens</a>',
    },
  ];

  it("a dry run fetches nothing and makes nothing, and counts the photographs it will try", async () => {
    const report = await runImport(db, ghostSite(SITE, posts, meta), RULES, {
      dryRun: true,
      now: NOW,
      actorId: null,
      images: downloads(web),
    });
    expect(report.made.photographs).toBe(3);
    expect(web.calls).toEqual([]);
    expect(await db.select().from(media)).toEqual([]);
    // Pages keep their images as links, listed as before.
    expect(report.notes).toContainEqual({
      post: { sourceId: "photo-page", title: "About the harbour" },
      kind: "external-image",
      detail: QUAY,
    });
  });

  it("downloads each photograph once into the library: image blocks and a lead photograph", async () => {
    const report = await runImport(db, ghostSite(SITE, posts, meta), RULES, {
      dryRun: false,
      now: NOW,
      actorId: null,
      images: downloads(web),
    });
    expect(report.made.photographs).toBe(3);
    expect([...web.calls].sort()).toEqual([HARBOUR, QUAY, VOTE].sort());
    const kept = report.notes.filter((note) => note.kind === "external-image");
    expect(kept.map((note) => note.post?.sourceId)).toEqual(["photo-page"]);

    const records = await db
      .select()
      .from(importMedia)
      .where(eq(importMedia.origin, report.origin));
    expect(records.map((record) => record.url).sort()).toEqual([HARBOUR, QUAY, VOTE].sort());
    const idOf = (url: string) => records.find((record) => record.url === url)?.mediaId ?? "";
    const rows = await db
      .select()
      .from(media)
      .where(
        inArray(
          media.id,
          records.map((record) => record.mediaId),
        ),
      );
    expect(rows).toHaveLength(3);
    const fixtureOf = {
      [VOTE]: mediaFixtures.photoJpg,
      [QUAY]: mediaFixtures.photoPng,
      [HARBOUR]: mediaFixtures.photoWebp,
    };
    for (const [url, bytes] of Object.entries(fixtureOf)) {
      const row = rows.find((candidate) => candidate.id === idOf(url));
      expect(row?.r2Key).toBe(`originals/${idOf(url)}`);
      expect(row?.credit).toBe("Imported from old-photos.example");
      const object = await env.MEDIA.get(row?.r2Key ?? "");
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    }
    const vote = rows.find((row) => row.id === idOf(VOTE));
    expect(vote).toMatchObject({
      format: "jpeg",
      width: 640,
      height: 480,
      alt: "The council chamber",
      caption: "Councillors voting.",
    });
    // An image without alt text gets words that say where it came from.
    expect(rows.find((row) => row.id === idOf(QUAY))?.alt).toBe(
      "A photograph from “Council votes on the harbour”",
    );

    const body = await bodyOf("photo-post");
    expect(body.map((block) => block.type)).toEqual(["paragraph", "image", "paragraph", "image"]);
    expect(imageIds(body)).toEqual([idOf(VOTE), idOf(QUAY)]);
    expect(body[1]).toMatchObject({
      image: {
        alt: "The council chamber",
        caption: "Councillors voting.",
        credit: "Imported from old-photos.example",
      },
    });
    // The same address in another post is the same photograph, with that post's words.
    const second = await bodyOf("photo-post-two");
    expect(imageIds(second)).toEqual([idOf(VOTE)]);
    expect(second[1]).toMatchObject({ image: { alt: "The chamber again" } });

    // The feature image is the story's lead, as the story desk saves one.
    const story = await articleBySlug("photo-post");
    expect(story).toMatchObject({
      leadMediaId: idOf(HARBOUR),
      leadImageId: null,
      leadImageAlt: "Boats in the harbour",
      leadImageCaption: "Photo by Ada Lens",
      leadImageCredit: "Imported from old-photos.example",
    });
    const [revision] = await db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, story!.id));
    const fields = parseRevisionFields(revision!.fields);
    expect(fields?.leadImage).toEqual({
      mediaId: idOf(HARBOUR),
      alt: "Boats in the harbour",
      caption: "Photo by Ada Lens",
      credit: "Imported from old-photos.example",
    });
    // The story desk's gate keeps the imported body exactly as it is, and saves the story's
    // fields as they are (every photograph credited, each in the library).
    expect(fields?.body).toEqual(body);
    expect(sanitizeBody(body)).toEqual(body);
    const resolved = await resolveStoryFields(db, fields!);
    expect(resolved.ok && resolved.resolved.fields).toEqual(fields);

    // A page's images stay links to their old address.
    const [page] = await db.select().from(pages).where(eq(pages.slug, "photo-page"));
    expect(JSON.parse(page!.body)).toEqual([
      { type: "paragraph", text: "The quay", runs: [{ text: "The quay", href: QUAY }] },
    ]);
  });

  it("the article API serves the imported photographs and the lead", async () => {
    const ids = (await db.select().from(importMedia)).map((record) => record.mediaId);
    const response = await apiRequest("/api/articles/photo-post");
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const served = JSON.parse(text) as {
      article: {
        body: { type: string; image?: { media?: { id: string }; src: string } }[];
        image: { media?: { id: string } } | null;
      };
    };
    const images = served.article.body.filter((block) => block.type === "image");
    expect(images).toHaveLength(2);
    for (const block of images) {
      expect(ids).toContain(block.image?.media?.id);
      expect(block.image?.src).toMatch(/^\/images\/media\//);
    }
    expect(ids).toContain(served.article.image?.media?.id);
  });

  it("a second run downloads nothing, and a new post's known photograph is found again", async () => {
    const before = web.calls.length;
    const again = await runImport(db, ghostSite(SITE, posts, meta), RULES, {
      dryRun: false,
      now: NOW,
      actorId: null,
      images: downloads(web),
    });
    expect(again.made).toMatchObject({ stories: 0, photographs: 0 });
    const withNewPost = [
      ...posts,
      aGhostPost({
        id: "photo-post-three",
        html: '<p><img src="__GHOST_URL__/content/images/vote.jpg" alt="Third time"></p>',
      }),
    ];
    const third = await runImport(db, ghostSite(SITE, withNewPost, meta), RULES, {
      dryRun: false,
      now: NOW,
      actorId: null,
      images: downloads(web),
    });
    expect(third.made).toMatchObject({ stories: 1, photographs: 0 });
    expect(web.calls.length).toBe(before);
    const [vote] = await db.select().from(importMedia).where(eq(importMedia.url, VOTE));
    expect(imageIds(await bodyOf("photo-post-three"))).toEqual([vote!.mediaId]);
    expect(await db.select().from(media)).toHaveLength(3);
  });
});

describe("photographs that cannot be downloaded stay at their old address, with the reason", () => {
  const SITE = "https://old-broken.example";
  const at = (name: string) => `${SITE}/images/${name}`;
  const web = fakeWeb({
    [at("page.jpg")]: {
      status: 200,
      text: "<!doctype html><html><body>Moved</body></html>",
      headers: { "content-type": "text/html" },
    },
    [at("declared.jpg")]: {
      status: 200,
      text: "x",
      headers: { "content-length": String(25 * MB) },
    },
    [at("streamed.jpg")]: {
      stream: () => {
        let sent = 0;
        return new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ >= 21) controller.close();
            else controller.enqueue(new Uint8Array(MB));
          },
        });
      },
    },
    [at("slow.jpg")]: "hang",
    [at("cut.jpg")]: mediaFixtures.truncatedJpg,
    [at("moved.jpg")]: { status: 301, headers: { location: "http://127.0.0.1/inside.jpg" } },
    "http://localhost:8787/local.jpg": mediaFixtures.photoJpg,
  });
  const image = (name: string) => `<p><img src="${name}" alt="${name}"></p>`;
  const html = [
    at("gone.jpg"),
    at("page.jpg"),
    at("declared.jpg"),
    at("streamed.jpg"),
    at("slow.jpg"),
    at("cut.jpg"),
    at("moved.jpg"),
    "http://localhost:8787/local.jpg",
  ]
    .map(image)
    .join("");
  const posts = [
    aGhostPost({
      id: "broken-post",
      title: "Broken pictures",
      html,
      feature_image: "ftp://old-broken.example/lead.jpg",
    }),
  ];

  it("keeps each as a link and names the reason in the report", async () => {
    const report = await runImport(db, ghostSite(SITE, posts), RULES, {
      dryRun: false,
      now: NOW,
      actorId: null,
      images: downloads(web, { timeoutMs: 200 }),
    });
    expect(report.made.photographs).toBe(0);
    const details = report.notes
      .filter((note) => note.post?.sourceId === "broken-post")
      .map((note) => note.detail);
    expect(details).toEqual([
      "The feature image ftp://old-broken.example/lead.jpg is not the story's lead: Only http and https addresses are downloaded, not ftp:.",
      `${at("gone.jpg")} kept at its old address: The old address answered 404 Not Found.`,
      `${at("page.jpg")} kept at its old address: This file is a web page, not a photograph: upload a JPEG, PNG, WebP or AVIF image.`,
      `${at("declared.jpg")} kept at its old address: The photograph is 25.0 MB, over the 20 MB the library takes.`,
      `${at("streamed.jpg")} kept at its old address: The photograph is larger than the 20 MB the library takes.`,
      `${at("slow.jpg")} kept at its old address: The old address did not answer within 0.2 seconds.`,
      `${at("cut.jpg")} kept at its old address: The photograph could not be read: the file is damaged or incomplete (perhaps cut off while uploading).`,
      `${at("moved.jpg")} kept at its old address: It redirects to http://127.0.0.1/inside.jpg: 127.0.0.1 is a local or private network address, which the import does not fetch.`,
      "http://localhost:8787/local.jpg kept at its old address: localhost is a local or private network address, which the import does not fetch.",
    ]);
    // Never fetched: the private addresses.
    expect(web.calls).not.toContain("http://localhost:8787/local.jpg");
    expect(web.calls).not.toContain("http://127.0.0.1/inside.jpg");
    const body = await bodyOf("broken-post");
    expect(body.every((block) => block.type === "paragraph")).toBe(true);
    expect(body).toContainEqual({
      type: "paragraph",
      text: at("gone.jpg"),
      runs: [{ text: at("gone.jpg"), href: at("gone.jpg") }],
    });
    expect((await articleBySlug("broken-post"))?.leadMediaId).toBeNull();
    expect(
      await db.select().from(importMedia).where(eq(importMedia.origin, report.origin)),
    ).toEqual([]);
  });

  it("fetches the local stack's own addresses when told to", async () => {
    const local = fakeWeb({ "http://localhost:8787/local.jpg": mediaFixtures.photoJpg });
    const report = await runImport(
      db,
      ghostSite("https://old-local.example", [
        aGhostPost({ id: "local-post", html: image("http://localhost:8787/local.jpg") }),
      ]),
      RULES,
      {
        dryRun: false,
        now: NOW,
        actorId: null,
        images: downloads(local, { allowPrivateHosts: true }),
      },
    );
    expect(report.made.photographs).toBe(1);
    expect(local.calls).toEqual(["http://localhost:8787/local.jpg"]);
    expect(imageIds(await bodyOf("local-post"))).toHaveLength(1);
  });

  it("without a way to download, every photograph stays a link with a note, and nothing is fetched", async () => {
    const report = await runImport(
      db,
      ghostSite("https://old-offline.example", [
        aGhostPost({
          id: "offline-post",
          html: image("https://old-offline.example/a.jpg"),
          feature_image: "https://old-offline.example/b.jpg",
        }),
      ]),
      RULES,
      { dryRun: false, now: NOW, actorId: null },
    );
    expect(report.made.photographs).toBe(0);
    const notes = report.notes.filter((note) => note.post?.sourceId === "offline-post");
    expect(notes.map((note) => note.detail)).toEqual([
      "https://old-offline.example/a.jpg kept at its old address: This import does not download photographs.",
      "The feature image https://old-offline.example/b.jpg is not the story's lead: This import does not download photographs.",
    ]);
  });
});

describe("a slice downloads at most its photographs' budget", () => {
  it("cuts a batch short before the budget, lets a story over it go alone first, and continues", async () => {
    const site = "https://old-budget.example";
    const photo = (name: string) => `${site}/content/images/${name}.jpg`;
    const names = ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "e2", "e3", "e4", "e5"];
    const web = fakeWeb(
      Object.fromEntries(names.map((name) => [photo(name), mediaFixtures.photoJpg])),
    );
    const withPhotographs = (id: string, count: number) =>
      aGhostPost({
        id: `budget-${id}`,
        slug: `budget-${id}`,
        title: `Budget ${id}`,
        html: Array.from(
          { length: count },
          (_, n) => `<p><img src="__GHOST_URL__/content/images/${id}${n + 1}.jpg" alt="${id}"></p>`,
        ).join(""),
      });
    const posts = [
      withPhotographs("a", 2),
      withPhotographs("b", 2),
      withPhotographs("c", 2),
      withPhotographs("d", 2),
      withPhotographs("e", 5),
    ];
    const slice = async () => {
      const before = web.calls.length;
      const report = await runImport(db, ghostSite(site, posts), RULES, {
        dryRun: false,
        now: NOW,
        actorId: null,
        images: downloads(web),
        maxDownloads: 4,
      });
      return {
        stories: report.made.stories,
        fetched: web.calls.length - before,
        complete: report.complete,
      };
    };
    expect(await slice()).toEqual({ stories: 2, fetched: 4, complete: false });
    expect(await slice()).toEqual({ stories: 2, fetched: 4, complete: false });
    // Five photographs, over the budget of four: alone, as the slice's first batch.
    expect(await slice()).toEqual({ stories: 1, fetched: 5, complete: true });
    for (const id of ["a", "b", "c", "d", "e"]) {
      expect(imageIds(await bodyOf(`budget-${id}`))).toHaveLength(id === "e" ? 5 : 2);
    }
  });
});

describe("the newsroom's import, run by the queue consumer", () => {
  it("downloads the photographs with the consumer's deps and reports them", async () => {
    const admin = (await signInAs("admin")).tokens.accessToken;
    const site = "https://old-queued.example";
    const web = fakeWeb({
      [`${site}/content/images/vote.jpg`]: mediaFixtures.photoJpg,
      [`${site}/content/images/harbour.jpg`]: mediaFixtures.photoPng,
    });
    // The default Ghost publication: a post with a body photograph and a feature image.
    const text = aGhostExport({
      settings: [
        { id: "s-1", key: "url", value: site },
        { id: "s-2", key: "title", value: "Queued" },
      ],
    });
    const id = importOf(await uploadExport(text, { token: admin })).id;
    const checked = await importCall(`/api/newsroom/imports/${id}`, admin);
    expect(importOf(checked).report.made.photographs).toBe(2);
    await importCall(
      `/api/newsroom/imports/${id}/run`,
      admin,
      { method: "POST", body: "{}" },
      { IMPORT_QUEUE: new RecordingQueue() },
    );
    await runImportJob(id, {
      db,
      bucket: env.MEDIA,
      now: () => new Date(),
      continueLater: () => Promise.resolve(),
      images: downloads(web),
    });
    const done = importOf(await importCall(`/api/newsroom/imports/${id}`, admin));
    expect(done.status).toBe("done");
    expect(done.report.made.photographs).toBe(2);
    expect(web.calls.sort()).toEqual([
      `${site}/content/images/harbour.jpg`,
      `${site}/content/images/vote.jpg`,
    ]);
    const story = await articleBySlug("ghost-post-published");
    expect(story?.leadMediaId).toMatch(/^[0-9a-f]{32}$/);
    expect(imageIds(await bodyOf("ghost-post-published"))).toHaveLength(1);
  });
});
