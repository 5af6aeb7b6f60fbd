import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import { insertCorrection } from "./story-write-queries.ts";
import { createArticle, createDesk } from "../test/factories.ts";

const db = createDatabase(env.DB);

async function countFor(articleId: number) {
  const corrections = await env.DB.prepare(
    "SELECT count(*) AS n FROM article_corrections WHERE article_id = ?",
  )
    .bind(articleId)
    .first<{ n: number }>();
  const audits = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE subject = ?")
    .bind(`story ${articleId}`)
    .first<{ n: number }>();
  return { corrections: corrections?.n, audits: audits?.n };
}

function correction(articleId: number, revisionId: number | null) {
  const now = new Date();
  return insertCorrection(db, {
    articleId,
    revisionId,
    text: "An earlier version gave the wrong date.",
    actorId: "editor-1",
    now,
    audit: {
      at: now,
      actorId: null,
      action: "story.correct",
      subject: `story ${articleId}`,
    },
  });
}

describe("writing a correction", () => {
  it("writes the note and its audit entry while the story is published at that revision", async () => {
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category });
    expect(await correction(article.id, null)).toBe(true);
    expect(await countFor(article.id)).toEqual({ corrections: 1, audits: 1 });
  });

  it("writes neither when the story changed or was taken down in the same instant", async () => {
    const { category } = await createDesk(db);
    const edited = await createArticle(db, { category });
    // Someone saved a new revision after the editor read the story.
    expect(await correction(edited.id, 41)).toBe(false);
    expect(await countFor(edited.id)).toEqual({ corrections: 0, audits: 0 });

    const withdrawn = await createArticle(db, { category, status: "draft", publishedAt: null });
    expect(await correction(withdrawn.id, null)).toBe(false);
    expect(await countFor(withdrawn.id)).toEqual({ corrections: 0, audits: 0 });
  });
});
