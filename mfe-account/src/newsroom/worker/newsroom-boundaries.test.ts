/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { admin, newsroomApi } from "../../test/newsroom-answers.ts";
import { csrfFor, render, TEST_ACCESS_TOKEN, TEST_PASSWORD } from "../../test/test-bindings.ts";

/** Endpoints that only read: a refused form may still show its page with them. */
const READS = new Set(["secondFactor", "staff", "auditLog", "invitation"]);

describe("form tokens on every newsroom POST", () => {
  const forms = [
    ["account.newsroom-sign-in", "/newsroom/sign-in", { intent: "verify", code: "123456" }],
    ["account.newsroom-sign-in", "/newsroom/sign-in", { intent: "start-enrolment" }],
    ["account.newsroom-join", "/newsroom/join", { token: "t", password: TEST_PASSWORD }],
    ["account.newsroom-staff", "/newsroom/staff", { intent: "remove", id: "acc_ed" }],
    [
      "account.newsroom-staff",
      "/newsroom/staff",
      { intent: "change-role", id: "acc_ed", role: "admin" },
    ],
    ["account.newsroom-security", "/newsroom/security", { intent: "new-recovery-codes" }],
  ] as const;

  it.each(forms)(
    "%s refuses a missing or forged token with 403 (%o)",
    async (routeId, path, form) => {
      for (const csrf of [undefined, "forged", await csrfFor({ id: "someone-else" })]) {
        const api = newsroomApi({
          secondFactor: { role: "admin", enrolled: true, verified: false, recoveryCodesLeft: 10 },
          invitation: {
            email: "grace@example.com",
            displayName: "Grace",
            role: "editor",
            accountExists: true,
            expiresAt: "2026-11-27T09:00:00.000Z",
          },
        });
        const answer = await render(
          {
            routeId,
            path,
            method: "POST",
            viewer: admin,
            accessToken: TEST_ACCESS_TOKEN,
            form: csrf === undefined ? { ...form } : { ...form, csrf },
          },
          api,
        );
        expect(answer).toMatchObject({ kind: "page", status: 403 });
        if (answer.kind !== "page") continue;
        expect(answer.session).toBeUndefined();
        expect(answer.html).toContain("Please try again.");
        expect(answer.html).not.toContain(TEST_PASSWORD);
        expect(api.calls.filter((call) => !READS.has(call.endpoint))).toEqual([]);
      }
    },
  );
});

describe("the reader's bundle", () => {
  // `./fragment` (src/client/fragment-entry.tsx and src/ui) must never pull newsroom code in:
  // readers would download it (protocol item 6; check:js-budget).
  const sources = import.meta.glob(["../../ui/**/*.{ts,tsx}", "../../client/fragment-entry.tsx"], {
    query: "?raw",
    import: "default",
    eager: true,
  });

  it("imports nothing from src/newsroom", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(sources)) {
      expect({ file, imports: /from "[^"]*newsroom[^"]*"/.test(String(source)) }).toEqual({
        file,
        imports: false,
      });
    }
  });
});
