import { describe, expect, it } from "vitest";
import { mintCsrfToken, verifyCsrfToken } from "./csrf-token.ts";

const SECRET = "a-secret-for-this-test-only-0123456789";
const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 21, 10, 30);
const holder = { id: "acc_1" };

describe("form tokens", () => {
  it("are base64url HMACs that verify for the same subject", async () => {
    const token = await mintCsrfToken(SECRET, holder, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyCsrfToken(SECRET, holder, token, now)).toBe(true);
  });

  it("are the same as before jose encoded them, so a form open across a deploy still works", async () => {
    // HMAC-SHA256(SECRET, "acc_1|<hour>") as base64url, computed outside the Worker.
    const minted = "yWRBOUG7C4dm0Pts7hKPDDSllJ0ji82CH6jXGPbvef4";
    expect(await mintCsrfToken(SECRET, holder, now)).toBe(minted);
    expect(await verifyCsrfToken(SECRET, holder, minted, now)).toBe(true);
  });

  it("work this hour and the next, not later", async () => {
    const token = await mintCsrfToken(SECRET, null, now);
    expect(await verifyCsrfToken(SECRET, null, token, now + HOUR)).toBe(true);
    expect(await verifyCsrfToken(SECRET, null, token, now + 2 * HOUR)).toBe(false);
  });

  it("belong to one subject and one secret", async () => {
    const token = await mintCsrfToken(SECRET, holder, now);
    expect(await verifyCsrfToken(SECRET, { id: "acc_2" }, token, now)).toBe(false);
    expect(await verifyCsrfToken(SECRET, null, token, now)).toBe(false);
    expect(await verifyCsrfToken(`${SECRET}x`, holder, token, now)).toBe(false);
  });

  it.each([
    undefined,
    "",
    "not-a-token",
    "A".repeat(43),
    `${"A".repeat(42)}B`,
    `${"A".repeat(42)}=`,
    "A".repeat(4096),
  ])("refuses %j", async (token) => {
    expect(await verifyCsrfToken(SECRET, holder, token, now)).toBe(false);
  });
});
