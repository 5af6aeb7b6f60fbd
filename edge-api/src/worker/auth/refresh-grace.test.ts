import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TokenPair } from "../../contract/account-contract.ts";
import { call, errorCode, expectSessionEnded, signUp } from "../../test/account-helpers.ts";
import { REFRESH_GRACE_MS } from "./refresh-successor.ts";

async function refresh(refreshToken: string) {
  const answer = await call("POST", "/api/auth/refresh", { refreshToken });
  return { ...answer, tokens: (answer.body as { tokens?: TokenPair }).tokens };
}

async function expectSessionLive(tokens: TokenPair): Promise<void> {
  const account = await call("GET", "/api/account", undefined, { token: tokens.accessToken });
  expect(account.status).toBe(200);
}

describe("the refresh grace window (issue 14, item 5)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("two tabs refreshing with one token at once both get the same new pair; the session lives on", async () => {
    const reader = await signUp();
    const [first, second] = await Promise.all([
      refresh(reader.tokens.refreshToken),
      refresh(reader.tokens.refreshToken),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(second.tokens).toEqual(first.tokens);
    const next = first.tokens as TokenPair;
    expect(next.refreshToken).not.toBe(reader.tokens.refreshToken);
    await expectSessionLive(next);
    // Only one generation follows the old one.
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM sessions WHERE user_id = ? AND rotated_at IS NULL",
    )
      .bind(reader.account.id)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
    const onward = await refresh(next.refreshToken);
    expect(onward.status).toBe(200);
  });

  it("a tab late by up to 30 s gets the same pair, its lifetimes counted from now", async () => {
    const reader = await signUp();
    const first = await refresh(reader.tokens.refreshToken);
    vi.setSystemTime(Date.now() + REFRESH_GRACE_MS);
    const late = await refresh(reader.tokens.refreshToken);
    expect(late.status).toBe(200);
    const [a, b] = [first.tokens as TokenPair, late.tokens as TokenPair];
    expect(b.refreshToken).toBe(a.refreshToken);
    expect(b.accessToken).toBe(a.accessToken);
    expect(b.accessExpiresIn).toBe(a.accessExpiresIn - 30);
    expect(b.refreshExpiresIn).toBe(a.refreshExpiresIn - 30);
    await expectSessionLive(b);
  });

  it("reusing a rotated token after the window still revokes the whole family", async () => {
    const reader = await signUp();
    const next = (await refresh(reader.tokens.refreshToken)).tokens as TokenPair;
    vi.setSystemTime(Date.now() + REFRESH_GRACE_MS + 1000);
    const reuse = await refresh(reader.tokens.refreshToken);
    expect(reuse.status).toBe(401);
    expect(errorCode(reuse.body)).toBe("invalid_session");
    await expectSessionEnded(next);
  });

  it("reusing the generation before the previous one revokes the family, even within the window", async () => {
    const reader = await signUp();
    const second = (await refresh(reader.tokens.refreshToken)).tokens as TokenPair;
    const third = (await refresh(second.refreshToken)).tokens as TokenPair;
    const reuse = await refresh(reader.tokens.refreshToken);
    expect(reuse.status).toBe(401);
    await expectSessionEnded(third);
  });

  it("a signed-out session stays signed out: its rotated token gets nothing within the window", async () => {
    const reader = await signUp();
    const next = (await refresh(reader.tokens.refreshToken)).tokens as TokenPair;
    expect(
      (await call("POST", "/api/auth/logout", { refreshToken: next.refreshToken })).status,
    ).toBe(204);
    expect((await refresh(reader.tokens.refreshToken)).status).toBe(401);
  });

  it("the database holds neither token: the pair is sealed under the rotated token, older seals are dropped", async () => {
    const reader = await signUp();
    const second = (await refresh(reader.tokens.refreshToken)).tokens as TokenPair;
    const rows = async () =>
      (
        await env.DB.prepare("SELECT * FROM sessions WHERE user_id = ? ORDER BY last_used_at")
          .bind(reader.account.id)
          .all<Record<string, unknown>>()
      ).results;
    const stored = JSON.stringify(await rows());
    for (const secret of [reader.tokens.refreshToken, second.refreshToken, second.accessToken]) {
      expect(stored).not.toContain(secret);
    }
    vi.setSystemTime(Date.now() + 1000);
    await refresh(second.refreshToken);
    const sealed = (await rows()).filter((row) => row.successor_sealed !== null);
    expect(sealed).toHaveLength(1);
  });
});
