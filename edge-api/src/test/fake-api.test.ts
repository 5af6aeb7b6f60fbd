import { describe, expect, it } from "vitest";
import { ApiContractError, createApiClient } from "../contract/api-client.ts";
import { aDeviceToken, aTokenPair, anAccount } from "./account-factories.ts";
import {
  aSearchResponse,
  aTagResponse,
  aTagsIndexResponse,
  anArticleDetail,
  anAuthorsIndexResponse,
} from "./content-factories.ts";
import { apiFailure, apiStatus, createFakeApi, rawAnswer } from "./fake-api.ts";

describe("createFakeApi", () => {
  it("routes like the API and records each call", async () => {
    const article = anArticleDetail({ slug: "bridge" });
    const fake = createFakeApi({
      article: (call) =>
        call.params.slug === "bridge" ? { article } : apiFailure(404, "not_found"),
    });
    const api = createApiClient(fake.binding, "req-1");
    const found = await api.article("bridge");
    expect(found.ok && found.data.article.slug).toBe("bridge");
    expect(await api.article("other")).toMatchObject({ ok: false, status: 404, code: "not_found" });
    expect(await api.home()).toMatchObject({ ok: false, status: 404, code: "not_found" });
    expect(fake.calls.map((call) => call.path)).toEqual([
      "/api/articles/bridge",
      "/api/articles/other",
      "/api/home",
    ]);
    expect(fake.calls[0]?.headers["x-request-id"]).toBe("req-1");
  });

  it("answers issue 15's content reads from the factories, within the contract", async () => {
    const fake = createFakeApi({
      authors: anAuthorsIndexResponse(),
      tags: aTagsIndexResponse(),
      tag: aTagResponse({ newerAfter: "bmV3ZXI", nextBefore: "b2xkZXI" }),
      search: (call) =>
        aSearchResponse({
          filters: { section: call.query.section ?? null, from: null, to: null, sort: "newest" },
        }),
    });
    const api = createApiClient(fake.binding, "req-2");
    const authors = await api.authors();
    expect(authors.ok && authors.data.authors[0]?.articleCount).toBe(12);
    const tags = await api.tags();
    expect(tags.ok && tags.data.tags.map((tag) => tag.slug)).toEqual(["infrastructure", "climate"]);
    const page = await api.tag("infrastructure", { after: "bmV3ZXI" });
    expect(page.ok && page.data.newerAfter).toBe("bmV3ZXI");
    const found = await api.search({ q: "bridge", section: "world", sort: "newest" });
    expect(found.ok && found.data.filters.section).toBe("world");
    expect(fake.calls.map((call) => call.path)).toEqual([
      "/api/authors",
      "/api/tags",
      "/api/tags/infrastructure?after=bmV3ZXI",
      "/api/search?q=bridge&section=world&sort=newest",
    ]);
  });

  it("refuses a body the API would refuse, before any answer", async () => {
    const fake = createFakeApi({
      login: () =>
        apiStatus(200, { tokens: aTokenPair(), account: anAccount(), device: aDeviceToken() }),
    });
    const response = await fake.binding.fetch("https://edge-api.internal/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: "a@example.com", password: "x", role: "admin" }),
    });
    expect(response.status).toBe(400);
  });

  it("fails the test when its answer breaks the contract", async () => {
    const fake = createFakeApi({ sections: { sections: [{ slug: 7 }] } as never });
    await expect(createApiClient(fake.binding).sections()).rejects.toThrow(/breaks the contract/);
  });

  it("sends raw answers unchecked, so the client's own check can be tested", async () => {
    const fake = createFakeApi({ sections: rawAnswer(() => Response.json({ nope: true })) });
    await expect(createApiClient(fake.binding).sections()).rejects.toBeInstanceOf(ApiContractError);
  });

  it("passes Retry-After and reasons of failures", async () => {
    const fake = createFakeApi({
      login: apiFailure(429, "rate_limited", { retryAfter: 30 }),
      signUp: apiFailure(400, "weak_password", { reason: "common" }),
    });
    const api = createApiClient(fake.binding);
    expect(await api.login({ email: "a@example.com", password: "p" })).toMatchObject({
      ok: false,
      status: 429,
      code: "rate_limited",
      retryAfter: 30,
    });
    expect(
      await api.signUp({ email: "a@example.com", displayName: "A", password: "p" }),
    ).toMatchObject({ ok: false, code: "weak_password", reason: "common" });
  });
});
