import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { call } from "../../test/account-helpers.ts";
import { seedDatabase } from "../../test/seed-database.ts";
import { signInAs } from "../../test/staff-helpers.ts";
import { NEWSROOM } from "../../test/story-desk-helpers.ts";

/**
 * The seeded publication opens on the desk: every article, drafts and scheduled ones included,
 * is a story the contract accepts, and saving it unchanged is accepted (revision "0" first).
 */

let editor: string;
let ids: number[];

beforeAll(async () => {
  // Seeded from today (UTC): its scheduled stories are 2-9 days ahead of it, so a fixed date
  // would let the real clock overtake them and the desk see no scheduled story.
  const today = new Date().toISOString().slice(0, 10);
  const data = await seedDatabase(env.DB, { articles: 60, today });
  ids = data.articles.map((article) => Number(article.id));
  editor = (await signInAs("editor")).tokens.accessToken;
});

describe("seeded articles on the story desk", () => {
  it("open as valid stories and save unchanged", async () => {
    expect(ids.length).toBeGreaterThan(60);
    const statuses = new Set<string>();
    for (const id of ids) {
      const answer = await call("GET", `${NEWSROOM}/stories/${id}`, undefined, { token: editor });
      expect(answer.status, `${id}: ${answer.text.slice(0, 200)}`).toBe(200);
      const { story } = apiEndpoints.story.answer.parse(answer.body);
      expect(story.revision).toBe("0");
      statuses.add(story.status);
    }
    expect([...statuses].sort()).toEqual(["draft", "published", "scheduled"]);
    for (const id of ids.slice(0, 5)) {
      const { story } = apiEndpoints.story.answer.parse(
        (await call("GET", `${NEWSROOM}/stories/${id}`, undefined, { token: editor })).body,
      );
      const saved = await call(
        "PUT",
        `${NEWSROOM}/stories/${id}`,
        { baseRevision: "0", fields: story.fields },
        { token: editor },
      );
      expect(saved.status, saved.text.slice(0, 300)).toBe(200);
      expect(apiEndpoints.saveStory.answer.parse(saved.body).story.fields).toEqual(story.fields);
    }
  }, 30_000);

  it("list on the desk, 25 a page, every page valid", async () => {
    let cursor: string | null = null;
    let seen = 0;
    do {
      const query: string = cursor ? `?cursor=${cursor}` : "";
      const answer = await call("GET", `${NEWSROOM}/stories${query}`, undefined, { token: editor });
      const page = apiEndpoints.stories.answer.parse(answer.body);
      seen += page.stories.length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toBe(ids.length);
  });
});
