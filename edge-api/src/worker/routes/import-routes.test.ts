import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ImportsAnswerSchema } from "../../contract/import-contract.ts";
import { auditLog } from "../../db/account-schema.ts";
import { importItems, importJobs } from "../../db/import-schema.ts";
import { articles } from "../../db/schema.ts";
import { IMPORT_FILE_MAX_BYTES } from "../../import/import-file.ts";
import { db } from "../../test/account-helpers.ts";
import {
  errorOf,
  importCall,
  importOf,
  RecordingQueue,
  uploadExport,
} from "../../test/import-api.ts";
import {
  aGhostExport,
  aGhostPost,
  aWordPressExport,
  ghostExportTables,
} from "../../test/import-exports.ts";
import { CALLERS, signInAs, tokenOf } from "../../test/staff-helpers.ts";
import { handleImportBatch, IMPORT_QUEUE } from "../import-queue.ts";
import { readStoredExport, WORKER_GHOST_MAX_BYTES } from "../import-storage.ts";

/**
 * The newsroom's imports (issue 18, import-contract.ts): an admin's upload is streamed into R2
 * and answered with its dry run; hostile and wrong files are refused with the file's own
 * sentence and leave nothing behind; only admins reach any of it.
 */

let admin: string;

beforeAll(async () => {
  admin = (await signInAs("admin", { displayName: "Ada Admin" })).tokens.accessToken;
});

async function storedExports(): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: "imports/" })).objects.map((object) => object.key);
}

/** A body that records whether anyone read it (no chunk is pulled until a reader asks). */
function watchedBody(): { body: ReadableStream<Uint8Array>; read: () => boolean } {
  let pulled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled = true;
        controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { body, read: () => pulled };
}

describe("POST /api/newsroom/imports: the upload and its dry run", () => {
  it("keeps a Ghost export in R2 and answers 201 with the dry run's report, writing nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)` }).from(articles);
    const answer = await uploadExport(aGhostExport(), {
      token: admin,
      fileName: "old-ghost.json",
      query: [["defaultSection", "archive"]],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const job = importOf(answer);
    expect(job).toMatchObject({
      system: "ghost",
      fileName: "old-ghost.json",
      status: "checked",
      createdBy: { displayName: "Ada Admin" },
      error: null,
    });
    expect(job.report.dryRun).toBe(true);
    expect(job.report.origin).toBe("ghost:https://old-ghost.example");
    expect(job.report.made).toMatchObject({ stories: 3, pages: 1 });
    expect(job.report.redirects).toContainEqual({
      from: "/ghost-post-published",
      to: expect.stringMatching(/\/ghost-post-published$/) as unknown,
    });
    expect(job.progress).toEqual({ done: 0, total: 4 });
    expect(await storedExports()).toContain(`imports/${job.id}`);
    const stored = await env.MEDIA.get(`imports/${job.id}`);
    expect(await stored?.text()).toBe(aGhostExport());
    // A dry run: no article was written.
    expect(await db.select({ n: sql<number>`count(*)` }).from(articles)).toEqual(before);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "import.upload"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.subject).toBe(`import ${job.id} “old-ghost.json”`);
  });

  it("streams a WordPress export from R2 into the WXR parser and answers its dry run", async () => {
    const answer = await uploadExport(aWordPressExport(), {
      token: admin,
      system: "wordpress",
      fileName: "old-wp.xml",
    });
    const job = importOf(answer);
    expect(answer.status).toBe(201);
    expect(job).toMatchObject({ system: "wordpress", status: "checked" });
    expect(job.report.origin).toBe("wordpress:https://old-wp.example");
    expect(job.report.made.stories).toBeGreaterThan(0);
    expect(job.report.redirects.some((redirect) => redirect.from.startsWith("/?p="))).toBe(true);
  });

  it("takes Ghost's primary-tag rules from repeated section parameters", async () => {
    const job = importOf(
      await uploadExport(aGhostExport(), {
        token: admin,
        query: [
          ["section", "news:world"],
          ["section", "politics:politics"],
        ],
      }),
    );
    const [row] = await db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(JSON.parse(row?.rules ?? "")).toEqual({
      defaultSection: "archive",
      tagSections: { news: "world", politics: "politics" },
    });
  });

  const badRules: { query: [string, string][]; field: string }[] = [
    { query: [["defaultSection", "Not A Slug"]], field: "defaultSection" },
    { query: [["section", "news"]], field: "section" },
    { query: [["section", "news:world:extra"]], field: "section" },
    { query: [["section", "News:world"]], field: "section" },
  ];
  it.each(badRules)("refuses the rule $query with 400 naming $field", async ({ query, field }) => {
    const answer = await uploadExport(aGhostExport(), { token: admin, query });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: "invalid_request", field });
  });

  it("resolves a Ghost export's __GHOST_URL__ photographs to the old site's address given as siteUrl, on every parse of the stored file", async () => {
    // A real Ghost export: its settings do not say the site's address.
    const realExport = aGhostExport({
      settings: [{ id: "s-2", key: "title", value: "The Old Ghost" }],
    });
    const without = importOf(await uploadExport(realExport, { token: admin }));
    expect(without.report.origin).toBe("ghost:The Old Ghost");
    expect(without.report.made.photographs).toBe(0);

    const given = importOf(
      await uploadExport(realExport, {
        token: admin,
        query: [["siteUrl", " https://Old.Example.com/blog/ "]],
      }),
    );
    expect(given.report.origin).toBe("ghost:https://old.example.com/blog");
    // The lead photograph and the body's, both __GHOST_URL__/content/images/…, now downloadable.
    expect(given.report.made.photographs).toBe(2);
    // The queue consumer re-reads the file on every message: the address is kept beside it.
    const source = await readStoredExport(env.MEDIA, `imports/${given.id}`, "ghost");
    expect(source.siteUrl).toBe("https://old.example.com/blog");
    expect(source.posts.find((post) => post.featureImage)?.featureImage?.url).toBe(
      "https://old.example.com/blog/content/images/harbour.jpg",
    );
  });

  const badAddresses: { siteUrl: string; system?: "wordpress"; says: RegExp }[] = [
    { siteUrl: "old.example.com", says: /whole address/ },
    { siteUrl: "ftp://old.example.com", says: /https:\/\// },
    { siteUrl: "https://old.example.com/?p=1", says: /\? or #/ },
    { siteUrl: "https://old.example.com/#top", says: /\? or #/ },
    { siteUrl: "https://ada:secret@old.example.com", says: /user name/ },
    { siteUrl: "https://old.example.com", system: "wordpress", says: /Ghost exports only/ },
  ];
  it.each(badAddresses)(
    "refuses the old site's address $siteUrl ($system) with 422 and a sentence, storing nothing",
    async ({ siteUrl, system, says }) => {
      const before = await storedExports();
      const answer = await uploadExport(system ? aWordPressExport() : aGhostExport(), {
        token: admin,
        ...(system ? { system } : {}),
        query: [["siteUrl", siteUrl]],
      });
      expect(answer.status).toBe(422);
      expect(errorOf(answer)).toMatchObject({ code: "invalid_site_url", field: "siteUrl" });
      expect(errorOf(answer).message).toMatch(says);
      expect(await storedExports()).toEqual(before);
    },
  );

  it("refuses an unknown system or a missing file name with 400", async () => {
    expect((await uploadExport("{}", { token: admin, system: "substack" as "ghost" })).status).toBe(
      400,
    );
    expect((await uploadExport("{}", { token: admin, fileName: "" })).status).toBe(400);
  });
});

describe("the old site's address given at upload, through the queue", () => {
  it("is used by every queue message's parse: each slice's posts are the given site's, none the title's", async () => {
    const siteUrl = "https://old-ghost-given.example/blog";
    const tables = ghostExportTables();
    const posts = [
      ...tables.posts,
      ...Array.from({ length: 47 }, (_, index) => aGhostPost({ id: `given-${index}` })),
    ];
    const settings = [{ id: "s-2", key: "title", value: "The Given Ghost" }];
    const id = importOf(
      await uploadExport(aGhostExport({ posts, settings }), {
        token: admin,
        query: [["siteUrl", `${siteUrl}/`]],
      }),
    ).id;
    const queue = new RecordingQueue();
    const started = await importCall(
      `/api/newsroom/imports/${id}/run`,
      admin,
      { method: "POST", body: "{}" },
      { IMPORT_QUEUE: queue },
    );
    expect(started.status).toBe(202);
    // One batch a message (sliceMs 0), each message parsing the stored file again.
    let messages = 0;
    for (let next: string | undefined = id; next !== undefined && messages < 10;) {
      messages += 1;
      const continued: string[] = [];
      await handleImportBatch(
        createMessageBatch(IMPORT_QUEUE, [
          { id: `siteurl-${messages}`, timestamp: new Date(), attempts: 1, body: { id: next } },
        ]),
        {
          db,
          bucket: env.MEDIA,
          now: () => new Date(),
          sliceMs: 0,
          continueLater: (more) => {
            continued.push(more);
            return Promise.resolve();
          },
        },
      );
      next = continued[0];
    }
    expect(messages).toBeGreaterThan(1);
    const job = importOf(await importCall(`/api/newsroom/imports/${id}`, admin));
    expect(job).toMatchObject({ status: "done", report: { origin: `ghost:${siteUrl}` } });
    const origins = await db
      .select({ origin: importItems.origin, n: sql<number>`count(*)` })
      .from(importItems)
      .where(sql`${importItems.origin} LIKE 'ghost:%Given%' AND ${importItems.kind} = 'post'`)
      .groupBy(importItems.origin);
    expect(origins).toEqual([{ origin: `ghost:${siteUrl}`, n: 50 }]);
  });
});

describe("POST /api/newsroom/imports: hostile and wrong files", () => {
  it.each([
    ["a letter as Ghost", "Dear editor, here is my archive.", "ghost", ["unreadable"]],
    ["JSON that is not Ghost's", '{"posts":[]}', "ghost", ["not_an_export"]],
    [
      "a letter as WordPress",
      "Dear editor, here is my archive.",
      "wordpress",
      ["unreadable", "not_an_export"],
    ],
    [
      "an RSS feed that is not a WXR",
      '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>',
      "wordpress",
      ["not_an_export"],
    ],
    ["a truncated Ghost export", aGhostExport().slice(0, 900), "ghost", ["truncated"]],
    ["a truncated WordPress export", aWordPressExport().slice(0, 2500), "wordpress", ["truncated"]],
    [
      "an entity expansion bomb",
      aWordPressExport({
        prolog:
          '<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>\n',
      }),
      "wordpress",
      ["dtd_refused"],
    ],
    [
      "an external entity",
      aWordPressExport({ prolog: '<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n' }),
      "wordpress",
      ["dtd_refused"],
    ],
    ["a Ghost export sent as WordPress", aGhostExport(), "wordpress", ["not_an_export"]],
    ["a WordPress export sent as Ghost", aWordPressExport(), "ghost", ["not_an_export"]],
  ] as const)("refuses %s with 422 and keeps nothing", async (_, text, system, codes) => {
    const before = await storedExports();
    const jobsBefore = await db.select({ n: sql<number>`count(*)` }).from(importJobs);
    const answer = await uploadExport(text, { token: admin, system });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(codes).toContain(errorOf(answer).code);
    expect(errorOf(answer).message.length).toBeGreaterThan(20);
    expect(await storedExports()).toEqual(before);
    expect(await db.select({ n: sql<number>`count(*)` }).from(importJobs)).toEqual(jobsBefore);
  });

  it("says which export a file of the other system is", async () => {
    const answer = await uploadExport(aGhostExport(), { token: admin, system: "wordpress" });
    expect(errorOf(answer).message).toMatch(/looks like a Ghost export/);
  });

  it("refuses a file over the limit by its Content-Length with 413, without reading it", async () => {
    const watched = watchedBody();
    const answer = await uploadExport(watched.body, {
      token: admin,
      system: "wordpress",
      contentLength: String(IMPORT_FILE_MAX_BYTES + 1),
    });
    expect(answer.status).toBe(413);
    expect(errorOf(answer).code).toBe("file_too_large");
    expect(errorOf(answer).message).toMatch(/at most 100\.0 MB/);
    expect(watched.read()).toBe(false);
  });

  it("refuses a Ghost export over 20 MiB with 413 pointing to the command line, unread", async () => {
    const watched = watchedBody();
    const answer = await uploadExport(watched.body, {
      token: admin,
      system: "ghost",
      contentLength: String(WORKER_GHOST_MAX_BYTES + 1),
    });
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toMatchObject({ code: "file_too_large" });
    expect(errorOf(answer).message).toMatch(/npm run import -- ghost/);
    expect(watched.read()).toBe(false);
  });

  it("refuses an upload without a Content-Length with 411", async () => {
    const watched = watchedBody();
    const answer = await uploadExport(watched.body, { token: admin, contentLength: null });
    expect(answer.status).toBe(411);
    expect(errorOf(answer).code).toBe("length_required");
    expect(
      (await uploadExport(aGhostExport(), { token: admin, contentLength: "12x" })).status,
    ).toBe(411);
  });

  it("refuses a body shorter than its Content-Length with 400 and stores nothing", async () => {
    const before = await storedExports();
    const text = aGhostExport();
    const answer = await uploadExport(text, {
      token: admin,
      contentLength: String(new TextEncoder().encode(text).byteLength + 100),
    });
    expect(answer.status).toBe(400);
    expect(await storedExports()).toEqual(before);
  });
});

describe("GET /api/newsroom/imports and /:id", () => {
  it("answers an import by id, 404 for none, and lists imports newest first", async () => {
    const first = importOf(
      await uploadExport(aGhostExport(), { token: admin, fileName: "a.json" }),
    );
    const second = importOf(
      await uploadExport(aWordPressExport(), {
        token: admin,
        system: "wordpress",
        fileName: "b.xml",
      }),
    );
    const one = await importCall(`/api/newsroom/imports/${first.id}`, admin);
    expect(one.status).toBe(200);
    expect(importOf(one)).toEqual(first);
    expect((await importCall(`/api/newsroom/imports/${"0".repeat(32)}`, admin)).status).toBe(404);
    expect((await importCall("/api/newsroom/imports/not-an-id", admin)).status).toBe(404);
    const list = await importCall("/api/newsroom/imports", admin);
    expect(list.status).toBe(200);
    const ids = ImportsAnswerSchema.parse(list.body).imports.map((summary) => summary.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.length).toBeLessThanOrEqual(50);
  });
});

describe("GET /api/newsroom/imports/:id/report: the whole report", () => {
  it("answers the dry run's whole report (kept in R2 beside the export), 404 for none", async () => {
    const job = importOf(await uploadExport(aGhostExport(), { token: admin }));
    const answer = await importCall(`/api/newsroom/imports/${job.id}/report`, admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(job.report);
    expect(job.report.whole).toBeUndefined();
    const none = await importCall(`/api/newsroom/imports/${"0".repeat(32)}/report`, admin);
    expect(none.status).toBe(404);
  });
});

describe("uploads never imported", () => {
  it("are let go after 7 days when another upload arrives: failed with a sentence, their export and report deleted", async () => {
    const old = importOf(await uploadExport(aGhostExport(), { token: admin }));
    const recent = importOf(await uploadExport(aGhostExport(), { token: admin }));
    const day = 24 * 60 * 60_000;
    await db
      .update(importJobs)
      .set({ createdAt: new Date(Date.now() - 8 * day) })
      .where(eq(importJobs.id, old.id));
    await db
      .update(importJobs)
      .set({ createdAt: new Date(Date.now() - 6 * day) })
      .where(eq(importJobs.id, recent.id));
    const next = importOf(await uploadExport(aGhostExport(), { token: admin }));
    const stored = await storedExports();
    expect(stored).not.toContain(`imports/${old.id}`);
    expect(stored).not.toContain(`imports/${old.id}.report.json`);
    expect(stored).toContain(`imports/${recent.id}`);
    expect(stored).toContain(`imports/${next.id}`);
    const gone = importOf(await importCall(`/api/newsroom/imports/${old.id}`, admin));
    expect(gone.status).toBe("failed");
    expect(gone.error).toMatch(/^Not imported within 7 days of its upload.*Upload it again/);
    expect(gone.report).toEqual(old.report);
    const kept = importOf(await importCall(`/api/newsroom/imports/${recent.id}`, admin));
    expect(kept.status).toBe("checked");
  });
});

describe("imports are for admins only", () => {
  it.each(CALLERS.filter((caller) => caller !== "admin"))(
    "%s: 401 or 403 on every import endpoint, nothing stored",
    async (caller) => {
      const token = await tokenOf(caller);
      const expected = caller === "anonymous" ? 401 : 403;
      const before = await storedExports();
      const job = importOf(await uploadExport(aGhostExport(), { token: admin }));
      const queue = new RecordingQueue();
      expect((await uploadExport(aGhostExport(), { token })).status).toBe(expected);
      expect((await importCall("/api/newsroom/imports", token)).status).toBe(expected);
      expect((await importCall(`/api/newsroom/imports/${job.id}`, token)).status).toBe(expected);
      expect((await importCall(`/api/newsroom/imports/${job.id}/report`, token)).status).toBe(
        expected,
      );
      const run = await importCall(
        `/api/newsroom/imports/${job.id}/run`,
        token,
        { method: "POST", body: "{}" },
        { IMPORT_QUEUE: queue },
      );
      expect(run.status).toBe(expected);
      expect(queue.sent).toEqual([]);
      expect(await storedExports()).toEqual(
        [...before, `imports/${job.id}`, `imports/${job.id}.report.json`].sort(),
      );
    },
  );
});
