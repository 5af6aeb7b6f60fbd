import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ArticleResponse } from "../src/contract/article-contract.ts";
import type { LiveUpdatesResponse } from "../src/contract/live-contract.ts";
import { dateInTimeZone } from "../src/domain/publication-dates.ts";
import { apiJson } from "../src/test/api-request.ts";
import { seedDatabase } from "../src/test/seed-database.ts";

describe("the demo seed's live blog", () => {
  it("makes the second newest published article live (the newest stays ordinary), with five updates the API answers newest first", async () => {
    const today = dateInTimeZone(new Date(), "Europe/London");
    const data = await seedDatabase(env.DB, { today, articles: 30 });
    expect(data.liveBlogs).toEqual([expect.objectContaining({ articleId: 29, state: "live" })]);
    const slug = data.articles.find((article) => article.id === 29)?.slug ?? "";

    const { body } = await apiJson<ArticleResponse>(`/api/articles/${slug}`);
    expect(body.article.live?.state).toBe("live");
    const updates = body.article.live?.updates ?? [];
    expect(updates).toHaveLength(5);
    expect(updates.filter((update) => update.keyEvent)).toHaveLength(2);
    const times = updates.map((update) => Date.parse(update.postedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const oldest = updates.at(-1)?.id ?? "";
    const polled = await apiJson<LiveUpdatesResponse>(
      `/api/articles/${slug}/updates?after=${oldest}`,
    );
    expect(polled.body.updates.map((update) => update.id)).toEqual(
      updates.slice(0, 4).map((update) => update.id),
    );

    // Seeding again replaces it: still one live blog and five updates.
    const again = await seedDatabase(env.DB, { today, articles: 30 });
    expect(again.liveUpdates).toHaveLength(5);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM live_updates").first<{
      n: number;
    }>();
    expect(count?.n).toBe(5);
  });
});
