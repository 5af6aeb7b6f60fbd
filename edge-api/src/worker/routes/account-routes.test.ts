import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ArticleCard } from "../../contract/article-contract.ts";
import type { SessionView, TokenPair } from "../../contract/account-contract.ts";
import {
  call,
  db,
  errorCode,
  expectSessionEnded,
  login,
  outboxFor,
  signUp,
} from "../../test/account-helpers.ts";
import { createArticle, createDesk, hoursAgo } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Safari/537.36";

describe("the account", () => {
  it("shows and renames the account holder, and ignores nothing silently", async () => {
    const reader = await signUp();
    const token = reader.tokens.accessToken;
    const shown = await call("GET", "/api/account", undefined, { token });
    expect(shown.body).toEqual({ account: reader.account });
    expect(shown.response.headers.get("cache-control")).toBe("no-store");
    const renamed = await call("PATCH", "/api/account", { displayName: "  Ines O.  " }, { token });
    expect(renamed.body).toMatchObject({ account: { displayName: "Ines O." } });
    const sneaky = await call(
      "PATCH",
      "/api/account",
      { displayName: "X", role: "editor", emailVerified: false },
      { token },
    );
    expect(sneaky.status).toBe(400);
    const { results } = await env.DB.prepare("SELECT role, email_verified FROM users WHERE id = ?")
      .bind(reader.account.id)
      .all();
    // Signing up through the emailed link verified the address; the body cannot undo it.
    expect(results[0]).toEqual({ role: "reader", email_verified: 1 });
  });
});

describe("sessions (SECURITY 12-13)", () => {
  it("lists sessions with device and last use, marks the current one, and ends one", async () => {
    const reader = await signUp();
    const other = await login(reader.email, reader.password, { userAgent: CHROME_MAC });
    const otherTokens = (other.body as { tokens: TokenPair }).tokens;
    const listed = await call("GET", "/api/account/sessions", undefined, {
      token: reader.tokens.accessToken,
    });
    const sessions = (listed.body as { sessions: SessionView[] }).sessions;
    expect(sessions.map((session) => session.device).sort()).toEqual([
      "Chrome on macOS",
      "Firefox on Linux",
    ]);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const mac = sessions.find((session) => session.device === "Chrome on macOS");
    expect(mac?.current).toBe(false);
    expect(Date.parse(mac?.lastUsedAt ?? "")).toBeGreaterThan(0);

    const ended = await call("DELETE", `/api/account/sessions/${mac?.id}`, undefined, {
      token: reader.tokens.accessToken,
    });
    expect(ended.status).toBe(204);
    expect(
      (await call("GET", "/api/account", undefined, { token: otherTokens.accessToken })).status,
    ).toBe(401);
    expect(
      (await call("GET", "/api/account", undefined, { token: reader.tokens.accessToken })).status,
    ).toBe(200);
  });

  it("answers 404 for another account's session id", async () => {
    const reader = await signUp();
    const stranger = await signUp();
    const theirs = await call("GET", "/api/account/sessions", undefined, {
      token: stranger.tokens.accessToken,
    });
    const id = (theirs.body as { sessions: SessionView[] }).sessions[0]?.id;
    const answer = await call("DELETE", `/api/account/sessions/${id}`, undefined, {
      token: reader.tokens.accessToken,
    });
    expect(answer.status).toBe(404);
    expect(
      (await call("GET", "/api/account", undefined, { token: stranger.tokens.accessToken })).status,
    ).toBe(200);
    expect(
      (
        await call("DELETE", "/api/account/sessions/not-a-uuid", undefined, {
          token: reader.tokens.accessToken,
        })
      ).status,
    ).toBe(404);
  });

  it("signs out everywhere, this session included", async () => {
    const reader = await signUp();
    const other = (await login(reader.email, reader.password)).body as { tokens: TokenPair };
    const all = await call("POST", "/api/account/sessions/end-all", undefined, {
      token: reader.tokens.accessToken,
    });
    expect(all.status).toBe(204);
    await expectSessionEnded(reader.tokens);
    await expectSessionEnded(other.tokens);
  });
});

describe("changing the password", () => {
  it("needs the current one, applies the policy, ends other sessions and returns fresh tokens", async () => {
    const reader = await signUp();
    const other = (await login(reader.email, reader.password)).body as { tokens: TokenPair };
    const token = reader.tokens.accessToken;
    const wrong = await call(
      "POST",
      "/api/account/password",
      { currentPassword: "this is not it, sorry", newPassword: "another good passphrase" },
      { token },
    );
    expect(errorCode(wrong.body)).toBe("invalid_credentials");
    const weak = await call(
      "POST",
      "/api/account/password",
      { currentPassword: reader.password, newPassword: "password" },
      { token },
    );
    expect(weak.body).toMatchObject({ error: { code: "weak_password", reason: "too_short" } });
    const trivial = await call(
      "POST",
      "/api/account/password",
      { currentPassword: reader.password, newPassword: "Ines Okafor forever more" },
      { token },
    );
    expect(trivial.body).toMatchObject({
      error: { code: "weak_password", reason: "contains_name" },
    });

    const changed = await call(
      "POST",
      "/api/account/password",
      { currentPassword: reader.password, newPassword: "another good passphrase" },
      { token },
    );
    expect(changed.status).toBe(200);
    const fresh = (changed.body as { tokens: TokenPair }).tokens;
    expect(
      (await call("GET", "/api/account", undefined, { token: fresh.accessToken })).status,
    ).toBe(200);
    await expectSessionEnded(other.tokens);
    expect((await login(reader.email, "another good passphrase")).status).toBe(200);
    expect((await outboxFor(reader.email))[0]?.subject).toMatch(/password was changed/i);
  });
});

describe("saved articles", () => {
  it("saves and unsaves by slug, lists newest saved first, published only", async () => {
    const reader = await signUp();
    const token = reader.tokens.accessToken;
    const { category } = await createDesk(db);
    const first = await createArticle(db, { category, slug: "first-saved" });
    const second = await createArticle(db, { category, slug: "second-saved" });
    const draft = await createArticle(db, { category, slug: "a-draft", status: "draft" });
    const future = await createArticle(db, {
      category,
      slug: "scheduled",
      status: "published",
      publishedAt: hoursAgo(-5),
    });
    expect(
      (await call("PUT", `/api/account/saved/${first.slug}`, undefined, { token })).status,
    ).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (await call("PUT", `/api/account/saved/${second.slug}`, undefined, { token })).status,
    ).toBe(204);
    expect(
      (await call("PUT", `/api/account/saved/${second.slug}`, undefined, { token })).status,
    ).toBe(204);
    for (const slug of [draft.slug, future.slug, "no-such-article"]) {
      expect((await call("PUT", `/api/account/saved/${slug}`, undefined, { token })).status).toBe(
        404,
      );
    }
    const listed = await call("GET", "/api/account/saved", undefined, { token });
    expect((listed.body as { articles: ArticleCard[] }).articles.map((card) => card.slug)).toEqual([
      "second-saved",
      "first-saved",
    ]);

    // Unpublishing hides it from the list.
    await env.DB.prepare("UPDATE articles SET status = 'draft' WHERE id = ?").bind(second.id).run();
    const hidden = await call("GET", "/api/account/saved", undefined, { token });
    expect((hidden.body as { articles: ArticleCard[] }).articles.map((card) => card.slug)).toEqual([
      "first-saved",
    ]);

    expect(
      (await call("DELETE", `/api/account/saved/${first.slug}`, undefined, { token })).status,
    ).toBe(204);
    const empty = await call("GET", "/api/account/saved", undefined, { token });
    expect((empty.body as { articles: ArticleCard[] }).articles).toEqual([]);
    const stranger = await signUp();
    const theirs = await call("GET", "/api/account/saved", undefined, {
      token: stranger.tokens.accessToken,
    });
    expect((theirs.body as { articles: ArticleCard[] }).articles).toEqual([]);
  });
});

describe("deleting the account", () => {
  it("needs the password, removes every row of the account, and emails the old address", async () => {
    const reader = await signUp();
    const token = reader.tokens.accessToken;
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category });
    await call("PUT", `/api/account/saved/${article.slug}`, undefined, { token });
    const wrong = await call(
      "POST",
      "/api/account/delete",
      { password: "wrong wrong wrong wrong" },
      { token },
    );
    expect(wrong.status).toBe(401);
    const deleted = await call(
      "POST",
      "/api/account/delete",
      { password: reader.password },
      { token },
    );
    expect(deleted.status).toBe(204);
    for (const table of [
      "users WHERE id",
      "sessions WHERE user_id",
      "email_tokens WHERE user_id",
      "saved_articles WHERE user_id",
    ]) {
      const { results } = await env.DB.prepare(`SELECT * FROM ${table} = ?`)
        .bind(reader.account.id)
        .all();
      expect(results, table).toHaveLength(0);
    }
    expect((await outboxFor(reader.email))[0]?.subject).toMatch(/deleted/i);
    expect((await call("GET", "/api/account", undefined, { token })).status).toBe(401);
    expect((await login(reader.email, reader.password)).status).toBe(401);
  });

  it("is refused to staff (409 staff_member): leaving the staff goes through an admin", async () => {
    for (const role of ["contributor", "admin"] as const) {
      const member = await signInAs(role);
      const refused = await call(
        "POST",
        "/api/account/delete",
        { password: member.password },
        { token: member.tokens.accessToken },
      );
      expect(refused.status).toBe(409);
      expect(errorCode(refused.body)).toBe("staff_member");
      const { results } = await env.DB.prepare("SELECT role FROM staff_members WHERE user_id = ?")
        .bind(member.account.id)
        .all();
      expect(results).toEqual([{ role }]);
    }
  });
});

describe("what answers never contain (SECURITY 22)", () => {
  it("has no password hash, other people's emails or stored token hashes in any answer", async () => {
    const reader = await signUp();
    const stranger = await signUp();
    const token = reader.tokens.accessToken;
    const answers = await Promise.all([
      call("GET", "/api/account", undefined, { token }),
      call("GET", "/api/account/sessions", undefined, { token }),
      call("GET", "/api/account/saved", undefined, { token }),
      login(reader.email, reader.password),
      call("POST", "/api/auth/refresh", { refreshToken: reader.tokens.refreshToken }),
    ]);
    const { results } = await env.DB.prepare("SELECT password_hash FROM users").all();
    const hashes = results.map((row) => String(row.password_hash));
    const { results: sessions } = await env.DB.prepare(
      "SELECT refresh_token_hash FROM sessions",
    ).all();
    for (const answer of answers) {
      expect(answer.text).not.toContain(stranger.email);
      expect(answer.text).not.toMatch(/argon2|password_?hash/i);
      for (const hash of hashes) expect(answer.text).not.toContain(hash);
      for (const row of sessions) expect(answer.text).not.toContain(String(row.refresh_token_hash));
    }
  });
});
