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
import { handleImportBatch, IMPORT_QUEUE } from "./import-queue.ts";

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
    await handleImportBatch(batchOf(queue.sent), {
      db: watchedDb(sets),
      bucket: env.MEDIA,
      now: () => new Date(),
    });
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
    await handleImportBatch(batchOf(queue.sent), {
      // D1 fails once the taxonomy (authors first) is written: before any story.
      db: watchedDb([], async () => (await importedAuthors(origin))[0]!.n > 0),
      bucket: env.MEDIA,
      now: () => new Date(),
    });
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
    // It continued: the authors made by the failed run were kept, not made twice.
    expect(done.report.made.authors).toBe(0);
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
