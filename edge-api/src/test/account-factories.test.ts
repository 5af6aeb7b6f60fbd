import { describe, expect, it } from "vitest";
import { createApiClient } from "../contract/api-client.ts";
import { aSavedState, aSession, aVerifyEmailAnswer, anAccountExport } from "./account-factories.ts";
import { apiFailure, apiStatus, createFakeApi } from "./fake-api.ts";

/** Issue 15's account answers, as other teams' tests get them through the fake API. */
describe("account factories", () => {
  it("make issue 15's answers the client accepts through the fake API", async () => {
    const fake = createFakeApi({
      savedState: (call) => (call.params.slug === "saved-one" ? aSavedState() : aSavedState(false)),
      exportAccount: anAccountExport({ sessions: [aSession(), aSession({ current: false })] }),
      verifyEmail: apiStatus(201, aVerifyEmailAnswer({ next: "/world/a-story" })),
    });
    const api = createApiClient(fake.binding, { accessToken: "token" });
    const [saved, notSaved, exported, verified] = await Promise.all([
      api.savedState("saved-one"),
      api.savedState("other"),
      api.exportAccount(),
      api.verifyEmail("t".repeat(43)),
    ]);
    expect(saved.ok && saved.data).toEqual({ saved: true });
    expect(notSaved.ok && notSaved.data).toEqual({ saved: false });
    expect(exported.ok && exported.data.sessions).toHaveLength(2);
    expect(exported.ok && exported.data.savedArticles[0]?.savedAt).toBeTruthy();
    expect(verified).toMatchObject({ ok: true, status: 201, data: { next: "/world/a-story" } });
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/account/saved/saved-one",
      "GET /api/account/saved/other",
      "GET /api/account/export",
      "POST /api/auth/verify-email",
    ]);
  });

  it("refuses a verify-email answer without next, and an off-site next", async () => {
    const { next: _, ...withoutNext } = aVerifyEmailAnswer();
    for (const answer of [withoutNext, aVerifyEmailAnswer({ next: "//evil.example" })]) {
      const fake = createFakeApi({ verifyEmail: answer as never });
      await expect(createApiClient(fake.binding).verifyEmail("t".repeat(43))).rejects.toThrow(
        /breaks the contract/,
      );
    }
  });

  it("passes on the export's 429 with its Retry-After", async () => {
    const fake = createFakeApi({
      exportAccount: apiFailure(429, "rate_limited", { retryAfter: 1800 }),
    });
    const answer = await createApiClient(fake.binding, { accessToken: "t" }).exportAccount();
    expect(answer).toMatchObject({
      ok: false,
      status: 429,
      code: "rate_limited",
      retryAfter: 1800,
    });
  });
});
