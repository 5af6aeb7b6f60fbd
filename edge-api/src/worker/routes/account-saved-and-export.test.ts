import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AccountExportAnswerSchema,
  type AccountExportAnswer,
} from "../../contract/account-contract.ts";
import { call, db, errorCode, login, signUp, type SignedUp } from "../../test/account-helpers.ts";
import { createArticle, createAuthor, createDesk, hoursAgo } from "../../test/factories.ts";
import type { ArticleCard } from "../../contract/article-contract.ts";
import { MAX_SAVED_LISTED } from "../../db/saved-article-queries.ts";
import { SAVED_PAGE_SIZE } from "../saved-articles.ts";

/** Issue 15: the article's saved state in one call, and "Download your data". */

const HOUR = 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

const save = (reader: SignedUp, slug: string) =>
  call("PUT", `/api/account/saved/${slug}`, undefined, { token: reader.tokens.accessToken });
const savedState = (reader: SignedUp, slug: string) =>
  call("GET", `/api/account/saved/${slug}`, undefined, { token: reader.tokens.accessToken });
const exportOf = (reader: SignedUp) =>
  call("GET", "/api/account/export", undefined, { token: reader.tokens.accessToken });

describe("GET /api/account/saved/:slug", () => {
  it("answers saved true once the reader saves the article, false before and after unsaving", async () => {
    const reader = await signUp();
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category });
    const before = await savedState(reader, article.slug);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ saved: false });
    expect(before.response.headers.get("cache-control")).toBe("no-store");
    expect((await save(reader, article.slug)).status).toBe(204);
    expect((await savedState(reader, article.slug)).body).toEqual({ saved: true });
    await call("DELETE", `/api/account/saved/${article.slug}`, undefined, {
      token: reader.tokens.accessToken,
    });
    expect((await savedState(reader, article.slug)).body).toEqual({ saved: false });
  });

  it("answers for the caller only: another reader's save is not theirs", async () => {
    const [reader, stranger] = [await signUp(), await signUp()];
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category });
    await save(stranger, article.slug);
    expect((await savedState(reader, article.slug)).body).toEqual({ saved: false });
    expect((await savedState(stranger, article.slug)).body).toEqual({ saved: true });
  });

  it("is 404 not_found for an unknown, draft, scheduled or unpublished article, saved or not", async () => {
    const reader = await signUp();
    const { category } = await createDesk(db);
    const unpublished = await createArticle(db, { category });
    await save(reader, unpublished.slug);
    await env.DB.prepare("UPDATE articles SET status = 'draft', unpublished_at = ? WHERE id = ?")
      .bind(Date.now(), unpublished.id)
      .run();
    const draft = await createArticle(db, { category, status: "draft" });
    const scheduled = await createArticle(db, { category, publishedAt: hoursAgo(-5) });
    for (const slug of [unpublished.slug, draft.slug, scheduled.slug, "no-such-article"]) {
      const answer = await savedState(reader, slug);
      expect(answer.status, slug).toBe(404);
      expect(errorCode(answer.body)).toBe("not_found");
    }
  });

  it("is 404 for a malformed slug and 401 without a live token", async () => {
    const reader = await signUp();
    expect((await savedState(reader, "Not%20A%20Slug")).status).toBe(404);
    const anonymous = await call("GET", "/api/account/saved/some-slug");
    expect(anonymous.status).toBe(401);
    expect(errorCode(anonymous.body)).toBe("unauthorized");
  });
});

describe("GET /api/account/export", () => {
  it("holds the account, its live sessions (this one flagged) and its saved articles with when", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const reader = await signUp();
    const elsewhere = await login(reader.email, reader.password);
    expect(elsewhere.status).toBe(200);
    const { category } = await createDesk(db);
    const author = await createAuthor(db);
    const older = await createArticle(db, { category, authors: [author] });
    const newer = await createArticle(db, { category });
    const hidden = await createArticle(db, { category });
    /** Saves `slug` a second after the last save and answers when. */
    const savedAt = async (slug: string) => {
      vi.setSystemTime(Date.now() + 1000);
      expect((await save(reader, slug)).status).toBe(204);
      return new Date().toISOString();
    };
    const olderAt = await savedAt(older.slug);
    const newerAt = await savedAt(newer.slug);
    await savedAt(hidden.slug);
    // Taken down since: its words are no longer the reader's to see.
    await env.DB.prepare("UPDATE articles SET status = 'draft' WHERE id = ?").bind(hidden.id).run();

    const answer = await exportOf(reader);
    expect(answer.status).toBe(200);
    const data = AccountExportAnswerSchema.parse(answer.body);
    expect(data.exportedAt).toBe(new Date().toISOString());
    expect(data.account).toEqual(reader.account);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
    const sessions = await call("GET", "/api/account/sessions", undefined, {
      token: reader.tokens.accessToken,
    });
    expect(data.sessions).toEqual((sessions.body as AccountExportAnswer).sessions);
    expect(data.savedArticles.map(({ article, savedAt }) => [article.slug, savedAt])).toEqual([
      [newer.slug, newerAt],
      [older.slug, olderAt],
    ]);
    expect(data.savedArticles[1]?.article.authors).toEqual([
      { slug: author.slug, name: author.name },
    ]);
  });

  it("holds no password hash, no token hash and nothing of another account", async () => {
    const reader = await signUp();
    const stranger = await signUp();
    const { category } = await createDesk(db);
    const theirs = await createArticle(db, { category });
    await save(stranger, theirs.slug);
    const answer = await exportOf(reader);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/argon2|password|hash/i);
    expect(answer.text).not.toContain(reader.tokens.refreshToken);
    expect(answer.text).not.toContain(stranger.email);
    expect(answer.text).not.toContain(stranger.account.id);
    expect(answer.text).not.toContain(theirs.slug);
    const secrets = await env.DB.prepare(
      `SELECT password_hash AS value FROM users
       UNION ALL SELECT refresh_token_hash FROM sessions
       UNION ALL SELECT token_hash FROM email_tokens
       UNION ALL SELECT token_hash FROM known_devices`,
    ).all<{ value: string }>();
    expect(secrets.results.length).toBeGreaterThan(2);
    for (const { value } of secrets.results) expect(answer.text).not.toContain(value);
    const { sessions } = AccountExportAnswerSchema.parse(answer.body);
    expect(sessions).toHaveLength(1);
  });

  it("has every saved article however many (the list the newest 200), read a page at a time", async () => {
    // Over D1's 100 bound parameters per query, which a one-query read of cards breaks.
    expect(MAX_SAVED_LISTED).toBeGreaterThan(2 * SAVED_PAGE_SIZE);
    const reader = await signUp();
    const { category } = await createDesk(db);
    const count = MAX_SAVED_LISTED + 5;
    const saved = [];
    for (let index = 0; index < count; index += 1) {
      saved.push(await createArticle(db, { category }));
    }
    // Saved at one instant, so the pages part on the article id alone.
    await env.DB.prepare(
      "INSERT INTO saved_articles (user_id, article_id, saved_at) SELECT ?, id, ? FROM articles WHERE category_id = ?",
    )
      .bind(reader.account.id, Date.now(), category.id)
      .run();
    const newestFirst = saved.map((article) => article.slug).reverse();
    const data = AccountExportAnswerSchema.parse((await exportOf(reader)).body);
    expect(data.savedArticles.map(({ article }) => article.slug)).toEqual(newestFirst);
    const listed = await call("GET", "/api/account/saved", undefined, {
      token: reader.tokens.accessToken,
    });
    expect(listed.status).toBe(200);
    expect((listed.body as { articles: ArticleCard[] }).articles.map((card) => card.slug)).toEqual(
      newestFirst.slice(0, MAX_SAVED_LISTED),
    );
  });

  it("says no-store: the download is never cached", async () => {
    const answer = await exportOf(await signUp());
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get("cache-control")).toBe("no-store");
  });

  it("is 401 without a live token", async () => {
    for (const token of [undefined, "not.a.jwt"]) {
      const answer = await call("GET", "/api/account/export", undefined, { token });
      expect(answer.status).toBe(401);
      expect(errorCode(answer.body)).toBe("unauthorized");
    }
  });

  it("allows 5 an hour per account, then 429 rate_limited with Retry-After and a clear message", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const reader = await signUp();
    const other = await signUp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await exportOf(reader)).status, `export ${attempt}`).toBe(200);
    }
    const refused = await exportOf(reader);
    expect(refused.status).toBe(429);
    expect(errorCode(refused.body)).toBe("rate_limited");
    expect(refused.text).toMatch(/5 times an hour/);
    expect(refused.response.headers.get("cache-control")).toBe("no-store");
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another account has its own allowance.
    expect((await exportOf(other)).status).toBe(200);

    // An hour on, the allowance is back (the access token has expired: log in again).
    vi.setSystemTime(Date.now() + HOUR + 1000);
    const again = await login(reader.email, reader.password);
    const tokens = (again.body as { tokens: SignedUp["tokens"] }).tokens;
    expect((await exportOf({ ...reader, tokens })).status).toBe(200);
  });
});
