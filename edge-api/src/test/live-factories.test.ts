import { describe, expect, it } from "vitest";
import { createApiClient } from "../contract/api-client.ts";
import { aLiveUpdate, anArticleDetail, anArticleLive } from "./content-factories.ts";
import { createFakeApi } from "./fake-api.ts";
import { aDeskLive, aDeskLiveUpdate } from "./newsroom-factories.ts";

describe("live blog factories (issue 16)", () => {
  it("make answers the client accepts through the fake API, with the query it sends", async () => {
    const live = anArticleLive({ updates: [aLiveUpdate({ keyEvent: true }), aLiveUpdate()] });
    const fake = createFakeApi({
      article: { article: anArticleDetail({ live }) },
      liveUpdates: { state: "live", endedAt: null, updates: live.updates, more: false },
      storyLive: { live: aDeskLive({ updates: [aDeskLiveUpdate({ version: 3 })] }) },
      postLiveUpdate: { live: aDeskLive() },
    });
    const api = createApiClient(fake.binding, { accessToken: "token" });
    const article = await api.article("bridge");
    expect(article.ok && article.data.article.live?.updates).toHaveLength(2);
    const updates = await api.liveUpdates("bridge", "41");
    expect(updates.ok && updates.data.state).toBe("live");
    const desk = await api.call("storyLive", { params: { id: "42" } });
    expect(desk.ok && desk.data.live.updates[0]?.version).toBe(3);
    const posted = await api.call("postLiveUpdate", {
      params: { id: "42" },
      body: { paragraphs: [[{ text: "New." }]], keyEvent: false },
    });
    expect(posted.ok).toBe(true);
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/articles/bridge",
      "GET /api/articles/bridge/updates?after=41",
      "GET /api/newsroom/stories/42/live",
      "POST /api/newsroom/stories/42/live/updates",
    ]);
  });
});
