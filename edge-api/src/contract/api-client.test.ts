import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../db/database.ts";
import { addDays, dateInTimeZone } from "../domain/publication-dates.ts";
import {
  createArticle,
  createAuthor,
  createDesk,
  createEdition,
  createPage,
  createPrintPage,
  createTag,
  placeArticle,
} from "../test/factories.ts";
import { apiApp as app } from "../worker/api-worker.ts";
import { ApiContractError, createApiClient, type ApiFetcher } from "./api-client.ts";

const db = createDatabase(env.DB);
const seen: Request[] = [];
const binding: ApiFetcher = {
  fetch: async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return app.fetch(request, env);
  },
};
const client = createApiClient(binding, "client-req-1");
const yesterday = addDays(dateInTimeZone(new Date(), "Europe/London"), -1);

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  const author = await createAuthor(db, { slug: "maren-holt" });
  const tag = await createTag(db, { slug: "trade" });
  const article = await createArticle(db, {
    category,
    slug: "story",
    authors: [author],
    tags: [tag],
  });
  await createPage(db, "about", [{ type: "paragraph", text: "Hi." }]);
  const edition = await createEdition(db, yesterday);
  await placeArticle(db, await createPrintPage(db, edition, "A", 1), article, 1);
});

describe("createApiClient", () => {
  it("reaches every endpoint through the binding and returns typed data", async () => {
    const sections = await client.sections();
    expect(sections.ok && sections.data.sections[0]?.slug).toBe("world");
    const home = await client.home();
    expect(home.ok && home.data.lead?.slug).toBe("story");
    const section = await client.section("world");
    expect(section.ok && section.data.articles).toHaveLength(1);
    const category = section.ok ? (section.data.section.categories[0]?.slug ?? "") : "";
    expect((await client.category("world", category)).ok).toBe(true);
    const article = await client.article("story");
    expect(article.ok && article.data.article.print).toEqual({
      editionDate: yesterday,
      page: "A1",
      book: "News",
    });
    expect((await client.author("maren-holt")).ok).toBe(true);
    expect((await client.tag("trade")).ok).toBe(true);
    expect((await client.page("about")).ok).toBe(true);
    expect((await client.edition(yesterday)).ok).toBe(true);
    const latest = await client.latestEdition(addDays(yesterday, 3));
    expect(latest.ok && latest.data.edition.date).toBe(yesterday);
    const calendar = await client.editionCalendar(yesterday.slice(0, 7));
    expect(calendar.ok && calendar.data.dates).toEqual([yesterday]);
    const nearest = await client.nearestEditions(addDays(yesterday, -1));
    expect(nearest.ok && nearest.data).toEqual({
      date: addDays(yesterday, -1),
      hasEdition: false,
      previousDate: null,
      nextDate: yesterday,
    });
    const found = await client.search({ q: "headline" });
    expect(found.ok && found.data.results[0]?.article.slug).toBe("story");
    expect(found.ok && found.data.nextCursor).toBeNull();
    const filtered = await client.search({ q: "headline", section: "world", sort: "newest" });
    expect(filtered.ok && filtered.data.filters).toEqual({
      section: "world",
      from: null,
      to: null,
      sort: "newest",
    });
    expect(filtered.ok && filtered.data.results).toHaveLength(1);
    const authors = await client.authors();
    expect(authors.ok && authors.data.authors.map((author) => author.slug)).toEqual(["maren-holt"]);
    const tags = await client.tags();
    expect(tags.ok && tags.data.tags).toEqual([
      expect.objectContaining({ slug: "trade", articleCount: 1 }),
    ]);
    const feed = await client.feed({ section: "world" });
    expect(feed.ok && feed.data.articles[0]?.slug).toBe("story");
    expect((await client.feed()).ok).toBe(true);
    const index = await client.sitemapIndex();
    expect(index.ok && index.data.articlePages).toBe(1);
    const articles = await client.sitemapArticles(1);
    expect(articles.ok && articles.data.articles).toHaveLength(1);
    expect(await client.sitemapArticles(2)).toMatchObject({
      ok: false,
      status: 404,
      code: "not_found",
    });
    const news = await client.newsSitemap();
    expect(news.ok && news.data.articles).toHaveLength(1);
  });

  it("passes the request id and encodes path segments", async () => {
    seen.length = 0;
    const result = await client.article("../../admin");
    expect(result).toMatchObject({ ok: false, status: 404, code: "not_found" });
    expect(seen[0]?.url).toBe("https://edge-api.internal/api/articles/..%2F..%2Fadmin");
    expect(seen[0]?.headers.get("x-request-id")).toBe("client-req-1");
  });

  it("reports error codes", async () => {
    // The API's own sentence comes along, for screens that show it as it is.
    expect(await client.section("world", { before: "garbage" })).toEqual({
      ok: false,
      status: 400,
      code: "invalid_cursor",
      message: "The cursor is not one this API issued.",
    });
    expect(await client.tag("trade", { after: "garbage" })).toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_cursor",
    });
    expect(await client.search({ q: "x", cursor: "garbage" })).toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_cursor",
    });
    expect(await client.edition("2026-02-30")).toMatchObject({
      ok: false,
      status: 404,
      code: "not_found",
    });
    expect(await client.editionCalendar("2026-13")).toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_request",
    });
  });
});

describe("createApiClient: accounts", () => {
  const info = { ip: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" };
  const as = (accessToken?: string) =>
    createApiClient(binding, {
      requestId: "client-req-2",
      client: info,
      accessToken: accessToken ?? null,
    });

  it("reaches every account call, forwarding address, browser and access token", async () => {
    seen.length = 0;
    const signedUp = await as().signUp({
      email: "client@example.com",
      displayName: "Client",
      password: "a long enough passphrase",
    });
    expect(signedUp).toMatchObject({ ok: true, status: 202, data: { status: "check-email" } });
    expect(seen[0]?.headers.get("cf-connecting-ip")).toBe("203.0.113.9");
    expect(seen[0]?.headers.get("user-agent")).toBe(info.userAgent);
    const outbox = await client.devOutbox("client@example.com");
    const finishText = outbox.ok ? (outbox.data.messages[0]?.text ?? "") : "";
    const finishToken = /verify-email\?token=([\w-]+)/.exec(finishText)?.[1] ?? "";
    const finished = await as().verifyEmail(finishToken);
    if (!finished.ok || !finished.data.tokens) throw new Error("sign-up not finished");
    expect(finished.data.account.emailVerified).toBe(true);
    const { accessToken, refreshToken } = finished.data.tokens;

    const weak = await as().signUp({ email: "w@example.com", displayName: "W", password: "x" });
    expect(weak).toMatchObject({
      ok: false,
      status: 400,
      code: "weak_password",
      reason: "too_short",
    });
    expect((await client.jwks()).ok).toBe(true);
    const account = await as(accessToken).account();
    expect(account.ok && account.data.account.email).toBe("client@example.com");
    expect(seen.at(-1)?.headers.get("authorization")).toBe(`Bearer ${accessToken}`);
    expect(await as().account()).toMatchObject({
      ok: false,
      status: 401,
      code: "unauthorized",
    });
    expect((await as(accessToken).updateAccount({ displayName: "C" })).ok).toBe(true);
    expect((await as(accessToken).resendVerification()).ok).toBe(true);
    expect(await as(accessToken).saveArticle("story")).toMatchObject({
      ok: true,
      status: 204,
      data: null,
    });
    const saved = await as(accessToken).savedArticles();
    expect(saved.ok && saved.data.articles[0]?.slug).toBe("story");
    expect((await as(accessToken).unsaveArticle("story")).ok).toBe(true);
    const sessions = await as(accessToken).sessions();
    expect(sessions.ok && sessions.data.sessions[0]?.device).toBe("Firefox on Linux");
    const refreshed = await as().refresh(refreshToken);
    if (!refreshed.ok) throw new Error("refresh failed");
    const fresh = refreshed.data.tokens;
    expect(
      (
        await as(fresh.accessToken).changeEmail({
          newEmail: "client2@example.com",
          currentPassword: "a long enough passphrase",
        })
      ).ok,
    ).toBe(true);
    const changed = await as(fresh.accessToken).changePassword({
      currentPassword: "a long enough passphrase",
      newPassword: "another long passphrase",
    });
    if (!changed.ok) throw new Error("password change failed");
    const latest = changed.data.tokens;
    const login = await as().login({
      email: "client@example.com",
      password: "another long passphrase",
    });
    expect(login.ok).toBe(true);
    const other = login.ok ? login.data.tokens : latest;
    const listed = await as(latest.accessToken).sessions();
    const otherId = listed.ok ? listed.data.sessions.find((s) => !s.current)?.id : undefined;
    expect(await as(latest.accessToken).endSession(otherId ?? "")).toMatchObject({
      ok: true,
      status: 204,
      data: null,
    });
    expect((await as().logout(other.refreshToken)).ok).toBe(true);
    expect((await as().forgotPassword("client@example.com")).ok).toBe(true);
    expect(
      await as().resetPassword({ token: "A".repeat(43), password: "yet another passphrase" }),
    ).toMatchObject({ ok: false, code: "invalid_token" });
    expect(await as().confirmEmail("A".repeat(43))).toMatchObject({
      ok: false,
      code: "invalid_token",
    });
    expect((await as(latest.accessToken).endAllSessions()).ok).toBe(true);
    const again = await as().login({
      email: "client@example.com",
      password: "another long passphrase",
    });
    const token = again.ok ? again.data.tokens.accessToken : "";
    expect(await as(token).deleteAccount({ password: "another long passphrase" })).toMatchObject({
      ok: true,
      status: 204,
      data: null,
    });
  });

  it("reports Retry-After on 429", async () => {
    let last = await as().login({ email: "nobody@example.com", password: "wrong password here" });
    for (let attempt = 0; attempt < 5; attempt++) {
      last = await as().login({ email: "nobody@example.com", password: "wrong password here" });
    }
    expect(last).toMatchObject({ ok: false, status: 429, code: "rate_limited" });
    expect(!last.ok && last.retryAfter).toBeGreaterThan(0);
  });
});

describe("createApiClient: the contract", () => {
  it("throws a contract error when an answer does not match its schema", async () => {
    const broken = createApiClient({
      fetch: async () => Response.json({ article: { slug: "x", headline: 42 } }),
    });
    await expect(broken.article("x")).rejects.toBeInstanceOf(ApiContractError);
    await expect(broken.article("x")).rejects.toThrow(/article\.headline|article\./);
  });

  it("throws a contract error for a body that is not JSON", async () => {
    const broken = createApiClient({ fetch: async () => new Response("<html>oops</html>") });
    await expect(broken.sections()).rejects.toBeInstanceOf(ApiContractError);
  });

  it("passes the caller's signal to the binding", async () => {
    let signal: AbortSignal | null | undefined;
    const spy = createApiClient(
      {
        fetch: async (input, init) => {
          signal = init?.signal;
          return app.fetch(new Request(input, init), env);
        },
      },
      { signal: AbortSignal.timeout(5_000) },
    );
    expect((await spy.sections()).ok).toBe(true);
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});
