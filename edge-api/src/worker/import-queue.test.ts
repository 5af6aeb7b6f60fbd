import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/account-schema.ts";
import type { Database } from "../db/database.ts";
import { importItems, importJobs } from "../db/import-schema.ts";
import { articles } from "../db/schema.ts";
import { db } from "../test/account-helpers.ts";
import { errorOf, importCall, importOf, RecordingQueue, uploadExport } from "../test/import-api.ts";
import { aGhostExport, aGhostPost, ghostExportTables } from "../test/import-exports.ts";
import { signInAs } from "../test/staff-helpers.ts";
import publicEntry from "./api-worker.ts";
import { IMPORT_LEASE_MS, startImportJob } from "../db/import-job-queries.ts";
import {
  handleImportBatch,
  IMPORT_MESSAGE_BATCHES,
  IMPORT_QUEUE,
  runImportJob,
  type ImportConsumerDeps,
} from "./import-queue.ts";

/**
 * The import runs in the background (issue 18, import-contract.ts): `run` queues the job, the
 * Worker's queue consumer imports it, writing its progress after every batch, and ends it done
 * with the import's report or failed with a sentence; a failed job run again continues.
 */

let admin: string;
let site = 0;

beforeAll(async () => {
  admin = (await signInAs("admin")).tokens.accessToken;
});

/** A Ghost export of its own old site (each test imports a publication no other test has). */
function ghostExport(extraPosts = 0): { text: string; origin: string } {
  const url = `https://old-ghost-${++site}.example`;
  const tables = ghostExportTables();
  const posts = [
    ...tables.posts,
    ...Array.from({ length: extraPosts }, (_, index) => aGhostPost({ id: `bulk-${index}` })),
  ];
  const settings = [
    { id: "s-1", key: "url", value: url },
    { id: "s-2", key: "title", value: "The Old Ghost" },
  ];
  return { text: aGhostExport({ posts, settings }), origin: `ghost:${url}` };
}

async function uploaded(text: string): Promise<string> {
  return importOf(await uploadExport(text, { token: admin })).id;
}

async function run(id: string, queue = new RecordingQueue()) {
  const answer = await importCall(
    `/api/newsroom/imports/${id}/run`,
    admin,
    { method: "POST", body: "{}" },
    { IMPORT_QUEUE: queue },
  );
  return { answer, queue };
}

let messageId = 0;

function batchOf(bodies: unknown[]): MessageBatch {
  return createMessageBatch(
    IMPORT_QUEUE,
    bodies.map((body) => ({
      id: `import-${++messageId}`,
      timestamp: new Date(),
      attempts: 1,
      body,
    })),
  );
}

/** The Worker's own queue() handler on one batch: what it acknowledged. */
async function consume(bodies: unknown[]) {
  const batch = batchOf(bodies);
  const ctx = createExecutionContext();
  await publicEntry.queue?.(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function jobOf(id: string) {
  return importOf(await importCall(`/api/newsroom/imports/${id}`, admin));
}

/**
 * The database as the consumer sees it, recording what is set on import_jobs rows; once
 * `failWhen` holds, every D1 batch fails as D1 can (the writer's own batches, whatever they are).
 */
function watchedDb(sets: Record<string, unknown>[], failWhen?: () => Promise<boolean>): Database {
  const bound = (target: object, name: string | symbol) => {
    const value: unknown = Reflect.get(target, name, target);
    return typeof value === "function" ? (value as () => unknown).bind(target) : value;
  };
  return new Proxy(db, {
    get(target, name) {
      if (name === "update") {
        return (table: unknown) => {
          const builder = target.update(table as typeof importJobs);
          if (table !== importJobs) return builder;
          return new Proxy(builder, {
            get(inner, key) {
              if (key !== "set") return bound(inner, key);
              return (values: Record<string, unknown>) => {
                sets.push(values);
                return inner.set(values as never);
              };
            },
          });
        };
      }
      if (name === "batch" && failWhen !== undefined) {
        return async (statements: Parameters<Database["batch"]>[0]) => {
          if (await failWhen()) throw new Error("D1_ERROR: the database is overloaded");
          return target.batch(statements);
        };
      }
      return bound(target, name);
    },
  });
}

/** The consumer's dependencies on `database`; continuations are recorded, not sent. */
function depsOf(database: Database = db, continued: string[] = []): ImportConsumerDeps {
  return {
    db: database,
    bucket: env.MEDIA,
    now: () => new Date(),
    continueLater: (id) => {
      continued.push(id);
      return Promise.resolve();
    },
  };
}

/**
 * Runs job `id` as the queue would, a message at a time: the first, then each continuation it
 * sends. `databaseFor(n)` is the database the n-th message (from 1) sees.
 */
async function runMessages(
  id: string,
  options: { maxBatches: number; databaseFor?: (message: number) => Database },
): Promise<{ messages: number; continued: string[] }> {
  const continued: string[] = [];
  let messages = 0;
  for (let next: string | undefined = id; next !== undefined && messages < 50;) {
    messages += 1;
    const before = continued.length;
    await handleImportBatch(batchOf([{ id: next }]), {
      ...depsOf(options.databaseFor?.(messages) ?? db, continued),
      maxBatches: options.maxBatches,
    });
    next = continued.length > before ? continued.at(-1) : undefined;
  }
  return { messages, continued };
}

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const articleCount = () => countOf(db.select({ n: sql<number>`count(*)` }).from(articles));

/** The redirects of a report, in a stable order, to compare two reports' lists. */
const sortedRedirects = (report: { redirects: { from: string; to: string }[] }) =>
  report.redirects.map((redirect) => `${redirect.from} -> ${redirect.to}`).sort();

const importedOf = (kind: "post" | "author") => (origin: string) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(importItems)
    .where(and(eq(importItems.origin, origin), eq(importItems.kind, kind)));
const importedPosts = importedOf("post");
const importedAuthors = importedOf("author");

describe("POST /api/newsroom/imports/:id/run and the queue consumer", () => {
  it("queues the job (202, audited), and the consumer imports it: done, progress, the report", async () => {
    const { text, origin } = ghostExport();
    const id = await uploaded(text);
    const { answer, queue } = await run(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(importOf(answer)).toMatchObject({ id, status: "queued", error: null });
    expect(queue.sent).toEqual([{ id }]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "import.run"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.subject).toMatch(new RegExp(`^import ${id} `));

    const result = await consume(queue.sent);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    const job = await jobOf(id);
    expect(job).toMatchObject({ status: "done", error: null, progress: { done: 4, total: 4 } });
    expect(job.report).toMatchObject({ dryRun: false, made: { stories: 3, pages: 1 } });
    expect(await importedPosts(origin)).toEqual([{ n: 3 }]);
    const slugs = await db.select({ slug: articles.slug }).from(articles);
    expect(slugs.map((row) => row.slug)).toContain("ghost-post-published");
  });

  it("answers 409 import_running while queued or running, and 409 import_done once done", async () => {
    const id = await uploaded(ghostExport().text);
    const { queue } = await run(id);
    const again = await run(id);
    expect(again.answer.status).toBe(409);
    expect(errorOf(again.answer).code).toBe("import_running");
    expect(again.queue.sent).toEqual([]);
    await db.update(importJobs).set({ status: "running" }).where(eq(importJobs.id, id));
    expect(errorOf((await run(id)).answer).code).toBe("import_running");
    await db.update(importJobs).set({ status: "queued" }).where(eq(importJobs.id, id));
    await consume(queue.sent);
    const done = await run(id);
    expect(done.answer.status).toBe(409);
    expect(errorOf(done.answer).code).toBe("import_done");
    expect((await run("0".repeat(32))).answer.status).toBe(404);
  });

  it("writes the progress after every batch of stories, then done", async () => {
    const { text } = ghostExport(57);
    const id = await uploaded(text);
    const { queue } = await run(id);
    const sets: Record<string, unknown>[] = [];
    await handleImportBatch(batchOf(queue.sent), { ...depsOf(watchedDb(sets)) });
    const progress = sets.filter((values) => "total" in values);
    // 60 stories in batches of 25, then the page.
    expect(progress).toMatchObject([
      { done: 25, total: 61 },
      { done: 50, total: 61 },
      { done: 60, total: 61 },
      { done: 61, total: 61 },
    ]);
    expect(sets[0]).toMatchObject({ status: "running" });
    expect(sets.at(-1)).toMatchObject({ status: "done" });
    expect((await jobOf(id)).progress).toEqual({ done: 61, total: 61 });
  });

  it("a failing import ends failed with a sentence; run again, it continues and finishes", async () => {
    const { text, origin } = ghostExport();
    const id = await uploaded(text);
    const { queue } = await run(id);
    await handleImportBatch(
      batchOf(queue.sent),
      // D1 fails once the taxonomy (authors first) is written: before any story.
      depsOf(watchedDb([], async () => (await importedAuthors(origin))[0]!.n > 0)),
    );
    const failed = await jobOf(id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^The import stopped: .*overloaded.*Run it again/);
    // The taxonomy's batch was written, the stories' was not.
    expect(await importedPosts(origin)).toEqual([{ n: 0 }]);
    const authorsBefore = await importedAuthors(origin);
    expect(authorsBefore[0]?.n).toBeGreaterThan(0);

    const again = await run(id);
    expect(again.answer.status).toBe(202);
    expect(importOf(again.answer)).toMatchObject({ status: "queued", error: null });
    await consume(again.queue.sent);
    const done = await jobOf(id);
    expect(done.status).toBe("done");
    // It continued: the authors made by the failed run were kept, not made twice, and the
    // report, the whole job's, counts them once.
    expect(done.report.made.authors).toBe(authorsBefore[0]?.n);
    expect(done.report.made.stories).toBe(3);
    expect(await importedPosts(origin)).toEqual([{ n: 3 }]);
    const authorsAfter = await importedAuthors(origin);
    expect(authorsAfter).toEqual(authorsBefore);
  });

  it("fails with the parser's own sentence when the stored file no longer reads", async () => {
    const { text } = ghostExport();
    const id = await uploaded(text);
    const { queue } = await run(id);
    await env.MEDIA.put(`imports/${id}`, text.slice(0, 900));
    await consume(queue.sent);
    const job = await jobOf(id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/^The file stops before the end of the export/);
  });

  it("fails with a sentence when the stored export is gone", async () => {
    const id = await uploaded(ghostExport().text);
    const { queue } = await run(id);
    await env.MEDIA.delete(`imports/${id}`);
    await consume(queue.sent);
    const job = await jobOf(id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(
      /^The import stopped: the uploaded file \(imports\/[0-9a-f]{32}\) is no longer in storage; upload it again\. Run it again/,
    );
  });

  it("runs again a job left queued or running for 15 minutes without a word (its consumer died)", async () => {
    const id = await uploaded(ghostExport().text);
    const quiet = new Date(Date.now() - 16 * 60_000);
    await db
      .update(importJobs)
      .set({ status: "running", updatedAt: quiet })
      .where(eq(importJobs.id, id));
    const { answer, queue } = await run(id);
    expect(answer.status).toBe(202);
    expect(queue.sent).toEqual([{ id }]);
    await db
      .update(importJobs)
      .set({ status: "running", updatedAt: new Date(Date.now() - 14 * 60_000) })
      .where(eq(importJobs.id, id));
    expect(errorOf((await run(id)).answer).code).toBe("import_running");
  });

  it("answers 503 and marks the job failed when the queue refuses the message", async () => {
    const id = await uploaded(ghostExport().text);
    const queue = new RecordingQueue();
    queue.failing = true;
    const { answer } = await run(id, queue);
    expect(answer.status).toBe(503);
    const job = await jobOf(id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/could not be started/);
  });

  it("acknowledges a message that names no runnable job and changes nothing", async () => {
    const id = await uploaded(ghostExport().text);
    const result = await consume([{ id }, { id: "not an id" }, "junk"]);
    expect(result.explicitAcks).toHaveLength(3);
    expect((await jobOf(id)).status).toBe("checked");
  });
});

describe("a large import, a slice a message (issue 18: continue in new messages)", () => {
  it("a 120-post export with 2 batches a message: 3 messages, each post once, progress of the whole file, the whole report", async () => {
    // 119 stories (one a draft, without an old address) and a page: 5 batches, then the page.
    const { text, origin } = ghostExport(116);
    const id = await uploaded(text);
    const dryRun = await jobOf(id);
    expect(dryRun.progress).toEqual({ done: 0, total: 120 });
    const { queue } = await run(id);
    expect(queue.sent).toEqual([{ id }]);
    const articlesBefore = await articleCount();
    const sets: Record<string, unknown>[] = [];
    const { messages, continued } = await runMessages(id, {
      maxBatches: 2,
      databaseFor: () => watchedDb(sets),
    });
    expect(messages).toBe(3);
    expect(continued).toEqual([id, id]);
    // Between two messages the job stays running (one import going on), only its lease let go.
    const statuses = sets.filter((values) => "status" in values).map((values) => values.status);
    expect(statuses).toEqual(["running", "running", "running", "done"]);

    // Every post once.
    expect(await importedPosts(origin)).toEqual([{ n: 119 }]);
    expect((await articleCount()) - articlesBefore).toBe(119);

    // Progress counts the whole file, never goes back, and ends at the total.
    const progress = sets.filter((values) => "done" in values && "total" in values);
    expect(progress.map((values) => values.total)).toEqual(progress.map(() => 120));
    const done = progress.map((values) => Number(values.done));
    expect(done).toEqual([25, 50, 75, 100, 119, 120]);

    const job = await jobOf(id);
    expect(job).toMatchObject({ status: "done", error: null, progress: { done: 120, total: 120 } });
    expect(job.report).toMatchObject({
      dryRun: false,
      made: { stories: 119, pages: 1 },
      alreadyImported: { posts: 0, pages: 0 },
    });
    expect(job.report.made.authors).toBe(dryRun.report.made.authors);
    // Every old address, as the dry run listed them, once.
    expect(sortedRedirects(job.report)).toEqual(sortedRedirects(dryRun.report));
    expect(job.report.redirects).toHaveLength(119);
    // The notes are the plan's (and what writing added), not one copy a message.
    const notes = job.report.notes.map((note) => JSON.stringify(note));
    expect(new Set(notes).size).toBe(notes.length);
    expect(job.report.notes).toEqual(expect.arrayContaining(dryRun.report.notes));

    // Done: the export is deleted, the whole report kept.
    expect(await env.MEDIA.head(`imports/${id}`)).toBeNull();
    const whole = await importCall(`/api/newsroom/imports/${id}/report`, admin);
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual(job.report);
  });

  it("a failure in the middle message: failed, what was written kept, the export kept; run again, it finishes and the report counts everything once", async () => {
    const { text, origin } = ghostExport(116);
    const id = await uploaded(text);
    const dryRun = await jobOf(id);
    const { queue } = await run(id);
    expect(queue.sent).toEqual([{ id }]);
    // The second message writes one batch (posts 51 to 75), then D1 refuses the next.
    const first = await runMessages(id, {
      maxBatches: 2,
      databaseFor: (message) =>
        message === 1 ? db : watchedDb([], async () => (await importedPosts(origin))[0]!.n >= 75),
    });
    expect(first.messages).toBe(2);
    const failed = await jobOf(id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^The import stopped: .*overloaded.*Run it again/);
    expect(failed.progress).toEqual({ done: 75, total: 120 });
    expect(await importedPosts(origin)).toEqual([{ n: 75 }]);
    expect(await env.MEDIA.head(`imports/${id}`)).not.toBeNull();

    const again = await run(id);
    expect(again.answer.status).toBe(202);
    expect(again.queue.sent).toEqual([{ id }]);
    const second = await runMessages(id, { maxBatches: 2 });
    expect(second.messages).toBe(2);
    const done = await jobOf(id);
    expect(done).toMatchObject({ status: "done", progress: { done: 120, total: 120 } });
    expect(await importedPosts(origin)).toEqual([{ n: 119 }]);
    expect(done.report.made).toMatchObject({ stories: 119, pages: 1 });
    expect(sortedRedirects(done.report)).toEqual(sortedRedirects(dryRun.report));
    expect(await env.MEDIA.head(`imports/${id}`)).toBeNull();
  });

  it("two deliveries of one job at once: one writes, the other waits for its lease and is tried again", async () => {
    const { text, origin } = ghostExport(60);
    const id = await uploaded(text);
    const { queue } = await run(id);
    const articlesBefore = await articleCount();
    // The same message twice, at the same time (a redelivery beside the delivery).
    const results = await Promise.all([consume(queue.sent), consume(queue.sent)]);
    const acked = results.filter((result) => result.explicitAcks.length === 1);
    const retried = results.filter((result) => result.retryMessages.length === 1);
    expect(acked).toHaveLength(1);
    expect(retried).toHaveLength(1);
    expect(await importedPosts(origin)).toEqual([{ n: 63 }]);
    expect((await articleCount()) - articlesBefore).toBe(63);
    const job = await jobOf(id);
    expect(job).toMatchObject({ status: "done", progress: { done: 64, total: 64 } });
    expect(job.report.made.stories).toBe(63);
    // Tried again later, the message finds the job done and changes nothing.
    const later = await consume(queue.sent);
    expect(later.explicitAcks).toHaveLength(1);
    expect(await jobOf(id)).toEqual(job);
  });

  it("when the queue refuses the next message, the job fails with a sentence; run again, it finishes", async () => {
    const { text, origin } = ghostExport(116);
    const id = await uploaded(text);
    await run(id);
    await handleImportBatch(batchOf([{ id }]), {
      ...depsOf(),
      maxBatches: 2,
      continueLater: () => Promise.reject(new Error("queue unavailable")),
    });
    const failed = await jobOf(id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/^The import stopped between two parts.*Run it again/);
    expect(await importedPosts(origin)).toEqual([{ n: 50 }]);
    const again = await run(id);
    expect(again.answer.status).toBe(202);
    await runMessages(id, { maxBatches: 10 });
    expect(await jobOf(id)).toMatchObject({ status: "done", report: { made: { stories: 119 } } });
  });

  it("a message starts no batch after its time (IMPORT_MESSAGE_MS): with none, one batch a message", async () => {
    const { text, origin } = ghostExport(47);
    const id = await uploaded(text);
    await run(id);
    const continued: string[] = [];
    await handleImportBatch(batchOf([{ id }]), { ...depsOf(db, continued), sliceMs: 0 });
    expect(await importedPosts(origin)).toEqual([{ n: 25 }]);
    expect(continued).toEqual([id]);
    await handleImportBatch(batchOf([{ id }]), { ...depsOf(db, continued), sliceMs: 0 });
    expect(await importedPosts(origin)).toEqual([{ n: 50 }]);
    await handleImportBatch(batchOf([{ id }]), { ...depsOf(db, continued), sliceMs: 0 });
    expect(continued).toEqual([id, id]);
    expect(await jobOf(id)).toMatchObject({ status: "done", report: { made: { stories: 50 } } });
  });

  it("a redelivery while a run holds the job is tried again after its lease; once the lease runs out (the run died), it continues", async () => {
    const { text, origin } = ghostExport();
    const id = await uploaded(text);
    const { queue } = await run(id);
    const held = await startImportJob(db, id, new Date(), "a-run-that-died");
    expect("claimed" in held).toBe(true);
    const waiting = await consume(queue.sent);
    expect(waiting.explicitAcks).toEqual([]);
    expect(waiting.retryMessages).toHaveLength(1);
    // Tried again once the lease has run out, not before.
    const delay = await runImportJob(id, depsOf());
    expect(delay).toBeGreaterThan(IMPORT_LEASE_MS / 1000 - 60);
    expect(delay).toBeLessThanOrEqual(IMPORT_LEASE_MS / 1000 + 1);
    expect(await importedPosts(origin)).toEqual([{ n: 0 }]);
    await db
      .update(importJobs)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(eq(importJobs.id, id));
    const continued = await consume(queue.sent);
    expect(continued.explicitAcks).toHaveLength(1);
    expect((await jobOf(id)).status).toBe("done");
    expect(await importedPosts(origin)).toEqual([{ n: 3 }]);
  });

  it("a run whose job another run took stops at its next batch, and leaves the job to that run", async () => {
    const { text, origin } = ghostExport(60);
    const id = await uploaded(text);
    const { queue } = await run(id);
    // After the first batch of stories, another run takes the job (this one's lease ran out).
    const taken = watchedDb([], async () => {
      if ((await importedPosts(origin))[0]!.n >= 25) {
        await db
          .update(importJobs)
          .set({ runToken: "another-run", leaseUntil: new Date(Date.now() + IMPORT_LEASE_MS) })
          .where(eq(importJobs.id, id));
      }
      return false;
    });
    await handleImportBatch(batchOf(queue.sent), depsOf(taken));
    // It wrote the batch in flight when the job was taken, and no other.
    expect(await importedPosts(origin)).toEqual([{ n: 50 }]);
    const job = await jobOf(id);
    expect(job.status).toBe("running");
    expect(job.error).toBeNull();
    const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(row?.runToken).toBe("another-run");
  });

  // 3,000 posts: about 3 s alone, more beside the rest of the suite.
  it(
    "a job with 3,000 posts and long addresses finishes: the row keeps the report cut to fit, GET /report the whole",
    {
      timeout: 60_000,
    },
    async () => {
      const url = `https://old-ghost-${++site}.example`;
      const long = "a-rather-long-old-address-of-the-kind-a-newspaper-writes-for-its-stories";
      const posts = Array.from({ length: 3000 }, (_, index) =>
        aGhostPost({ id: `many-${index}`, slug: `${long}-${index}` }),
      );
      const text = aGhostExport({
        posts,
        posts_tags: [],
        posts_authors: [],
        settings: [{ id: "s-1", key: "url", value: url }],
      });
      const id = await uploaded(text);
      const dryRun = await jobOf(id);
      // The dry run's redirects are already more than a row keeps of them.
      expect(dryRun.report.whole?.redirects).toBe(3000);
      expect(dryRun.report.redirects.length).toBeLessThan(3000);
      await run(id);
      const { messages } = await runMessages(id, { maxBatches: 40 });
      expect(messages).toBe(3);
      const job = await jobOf(id);
      expect(job).toMatchObject({ status: "done", progress: { done: 3000, total: 3000 } });
      expect(job.report.made.stories).toBe(3000);
      expect(job.report.whole).toMatchObject({ redirects: 3000, redirectsKept: 0 });
      expect(job.report.redirects.length).toBeLessThan(3000);
      const [row] = await db
        .select({ bytes: sql<number>`length(${importJobs.report})` })
        .from(importJobs)
        .where(eq(importJobs.id, id));
      expect(row?.bytes).toBeLessThan(1_300_000);
      const whole = await importCall(`/api/newsroom/imports/${id}/report`, admin);
      const report = whole.body as typeof job.report;
      expect(report.redirects).toHaveLength(3000);
      expect(report.whole).toBeUndefined();
      expect(report.redirects.slice(0, job.report.redirects.length)).toEqual(job.report.redirects);
    },
  );

  it(
    "writes at most IMPORT_MESSAGE_BATCHES batches a message, and the Worker's consumer sends { id } to continue",
    {
      timeout: 30_000,
    },
    async () => {
      const { text, origin } = ghostExport(IMPORT_MESSAGE_BATCHES * 25);
      const id = await uploaded(text);
      const { queue } = await run(id);
      const next = new RecordingQueue();
      const batch = batchOf(queue.sent);
      const ctx = createExecutionContext();
      await publicEntry.queue?.(batch, { ...env, IMPORT_QUEUE: next as unknown as Queue }, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
      expect(next.sent).toEqual([{ id }]);
      expect(await importedPosts(origin)).toEqual([{ n: IMPORT_MESSAGE_BATCHES * 25 }]);
      expect(await jobOf(id)).toMatchObject({
        status: "running",
        progress: { done: IMPORT_MESSAGE_BATCHES * 25, total: IMPORT_MESSAGE_BATCHES * 25 + 4 },
      });
      // Another click on Import meanwhile: it is running.
      expect(errorOf((await run(id)).answer).code).toBe("import_running");
      await consume(next.sent);
      expect(await jobOf(id)).toMatchObject({ status: "done" });
      expect(await importedPosts(origin)).toEqual([{ n: IMPORT_MESSAGE_BATCHES * 25 + 3 }]);
    },
  );
});
