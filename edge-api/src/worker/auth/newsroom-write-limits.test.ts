import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, errorCode } from "../../test/account-helpers.ts";
import { signInAs } from "../../test/staff-helpers.ts";

/** A newsroom write the desk refuses for its body (400): the allowance is spent all the same. */
const write = (token: string) => call("POST", "/api/newsroom/stories", {}, { token });
const read = (token: string) => call("GET", "/api/newsroom/stories", undefined, { token });

describe("newsroom writes are limited per member of staff (issue 14)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("takes 120 writes a minute, then answers 429 with Retry-After and a clear message", async () => {
    const editor = await signInAs("editor");
    const colleague = await signInAs("editor");
    const token = editor.tokens.accessToken;
    for (let attempt = 0; attempt < 120; attempt++) {
      const answer = await write(token);
      expect(answer.status, `write ${attempt + 1}: ${answer.text}`).not.toBe(429);
    }
    const limited = await write(token);
    expect(limited.status).toBe(429);
    expect(errorCode(limited.body)).toBe("rate_limited");
    expect((limited.body as { error: { message: string } }).error.message).toMatch(
      /at most 120 a minute/,
    );
    const retryAfter = Number(limited.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Reading the desk is not a write; a colleague has their own allowance.
    expect((await read(token)).status).toBe(200);
    expect((await write(colleague.tokens.accessToken)).status).not.toBe(429);

    vi.setSystemTime(Date.now() + retryAfter * 1000);
    expect((await write(token)).status).not.toBe(429);
  }, 30_000);
});
