import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiEndpoints, type AnswerOf } from "../../contract/api-endpoints.ts";
import type { Story } from "../../contract/newsroom-contract.ts";
import { call } from "../../test/account-helpers.ts";
import { signInAs } from "../../test/staff-helpers.ts";
import {
  createDeskFixture,
  createStory,
  NEWSROOM,
  step,
  uniqueSlug,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

/**
 * What readers see of the desk's work: scheduled stories go live at their time with nobody
 * pressing a button; unpublished ones answer 410 and leave every listing at once.
 */

let fixture: DeskFixture;

beforeAll(async () => {
  fixture = await createDeskFixture();
});

afterEach(() => vi.useRealTimers());

async function read<N extends "article" | "section">(name: N, path: string): Promise<AnswerOf<N>> {
  const answer = await call("GET", path);
  expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(200);
  return apiEndpoints[name].answer.parse(answer.body) as AnswerOf<N>;
}

/** Where a story shows up for readers, by its slug. */
async function readerPlaces(story: Story): Promise<Record<string, boolean>> {
  const slug = story.fields.slug;
  const word = story.fields.headline.split(" ")[0] ?? "";
  const section = apiEndpoints.section.answer.parse(
    (await call("GET", `/api/sections/${story.fields.section}`)).body,
  );
  const feed = apiEndpoints.feed.answer.parse(
    (await call("GET", `/api/feeds?section=${story.fields.section}`)).body,
  );
  const tagFeed = apiEndpoints.feed.answer.parse(
    (await call("GET", `/api/feeds?tag=${story.fields.tags[0]}`)).body,
  );
  const search = apiEndpoints.search.answer.parse(
    (await call("GET", `/api/search?q=${encodeURIComponent(word)}`)).body,
  );
  // The first sitemap page is 404 while no article at all is visible.
  const sitemapAnswer = await call("GET", "/api/sitemap/articles/1");
  const sitemap =
    sitemapAnswer.status === 404
      ? { articles: [] }
      : apiEndpoints.sitemapArticles.answer.parse(sitemapAnswer.body);
  const news = apiEndpoints.newsSitemap.answer.parse((await call("GET", "/api/sitemap/news")).body);
  const home = apiEndpoints.home.answer.parse((await call("GET", "/api/home")).body);
  const onHome = [
    home.lead,
    ...home.top,
    ...home.latest,
    ...home.sections.flatMap((s) => s.articles),
  ];
  return {
    section: section.articles.some((card) => card.slug === slug),
    feed: feed.articles.some((card) => card.slug === slug),
    tagFeed: tagFeed.articles.some((card) => card.slug === slug),
    search: search.results.some((result) => result.article.slug === slug),
    sitemap: sitemap.articles.some((entry) => entry.slug === slug),
    newsSitemap: JSON.stringify(news).includes(`"${slug}"`),
    home: onHome.some((card) => card?.slug === slug),
  };
}

const everywhere = {
  section: true,
  feed: true,
  tagFeed: true,
  search: true,
  sitemap: true,
  newsSitemap: true,
  home: true,
};
const nowhere = Object.fromEntries(Object.keys(everywhere).map((key) => [key, false]));

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

describe("scheduling", () => {
  it("goes live at its time and not before, and the content version moves then", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-24T10:00:00Z");
    vi.setSystemTime(start);
    const editor = (await signInAs("editor", { now: start })).tokens.accessToken;
    const sibling = await step(editor, await createStory(editor, fixture), "publish");
    const relatedOfSibling = async () =>
      (await read("article", `/api/articles/${sibling.fields.slug}`)).article.related.map(
        (card) => card.slug,
      );
    const story = await createStory(editor, fixture, {
      headline: `Zebracrossing ${uniqueSlug("sched")} opens`,
    });
    const publishAt = new Date(start.getTime() + 3_600_000);
    const scheduled = await step(editor, story, "schedule", publishAt.toISOString());
    expect(scheduled.status).toBe("scheduled");
    const path = `/api/articles/${story.fields.slug}`;

    vi.setSystemTime(new Date(publishAt.getTime() - 1_000));
    expect((await call("GET", path)).status).toBe(404);
    expect(await readerPlaces(story)).toEqual(nowhere);
    expect(await relatedOfSibling()).not.toContain(story.fields.slug);
    const before = await contentVersion();

    vi.setSystemTime(new Date(publishAt.getTime() + 1_000));
    const live = await read("article", path);
    expect(live.article.publishedAt).toBe(publishAt.toISOString());
    expect(await readerPlaces(story)).toEqual(everywhere);
    expect(await relatedOfSibling()).toContain(story.fields.slug);
    expect(await contentVersion()).not.toBe(before);
  });
});

describe("unpublishing", () => {
  it("answers 410 and leaves listings, feeds, sitemaps, search and the home page at once", async () => {
    const editor = (await signInAs("editor")).tokens.accessToken;
    const story = await step(
      editor,
      await createStory(editor, fixture, { headline: `Quokkafest ${uniqueSlug("gone")} begins` }),
      "publish",
    );
    expect(await readerPlaces(story)).toEqual(everywhere);
    const before = await contentVersion();
    await step(editor, story, "unpublish");
    const gone = await call("GET", `/api/articles/${story.fields.slug}`);
    expect(gone.status).toBe(410);
    expect(gone.response.headers.get("cache-control")).toBe("no-store");
    expect(await readerPlaces(story)).toEqual(nowhere);
    expect(await contentVersion()).not.toBe(before);
  });

  it("takes an unpublished story out of other articles' related ones", async () => {
    const editor = (await signInAs("editor")).tokens.accessToken;
    const first = await step(editor, await createStory(editor, fixture), "publish");
    const second = await step(editor, await createStory(editor, fixture), "publish");
    const related = async () =>
      (await read("article", `/api/articles/${first.fields.slug}`)).article.related.map(
        (card) => card.slug,
      );
    expect(await related()).toContain(second.fields.slug);
    await step(editor, second, "unpublish");
    expect(await related()).not.toContain(second.fields.slug);
  });

  it("answers 404, not 410, for a story taken down before it ever went live", async () => {
    const editor = (await signInAs("editor")).tokens.accessToken;
    const story = await createStory(editor, fixture);
    const scheduled = await step(
      editor,
      story,
      "schedule",
      new Date(Date.now() + 86_400_000).toISOString(),
    );
    await step(editor, scheduled, "unpublish");
    expect((await call("GET", `/api/articles/${story.fields.slug}`)).status).toBe(404);
  });
});

describe("the desk's words in the reader's article", () => {
  it("carries the SEO title and description and the story's own lead-image words", async () => {
    const editor = (await signInAs("editor")).tokens.accessToken;
    const story = await step(
      editor,
      await createStory(editor, fixture, {
        seoTitle: "Harbour bridge reopens",
        seoDescription: "Traffic crosses again.",
      }),
      "publish",
    );
    const { article } = await read("article", `/api/articles/${story.fields.slug}`);
    expect(article.seo).toEqual({
      title: "Harbour bridge reopens",
      description: "Traffic crosses again.",
    });
    expect(article.image).toMatchObject({
      src: `/images/${fixture.imageId}.svg`,
      alt: "The bridge at dawn, from the east bank",
      caption: "The bridge on its first morning.",
      credit: "Photograph: Daily Edge",
    });
    expect(article.body[0]).toEqual(story.fields.body[0]);
    const section = await read("section", `/api/sections/${fixture.section}`);
    const card = section.articles.find((candidate) => candidate.slug === story.fields.slug);
    expect(card?.image?.alt).toBe("The bridge at dawn, from the east bank");
  });
});

describe("GET /api/corrections", () => {
  it("lists corrections on visible articles only, newest first, paged", async () => {
    const editor = (await signInAs("editor")).tokens.accessToken;
    const correct = async (story: Story, text: string) => {
      const answer = await call(
        "POST",
        `${NEWSROOM}/stories/${story.id}/corrections`,
        { baseRevision: story.revision, text },
        { token: editor },
      );
      expect(answer.status, answer.text).toBe(200);
      return apiEndpoints.correctStory.answer.parse(answer.body).story;
    };
    const kept = await step(editor, await createStory(editor, fixture), "publish");
    const hidden = await step(editor, await createStory(editor, fixture), "publish");
    await correct(kept, "Kept note one.");
    const withdrawn = await correct(hidden, "Hidden note.");
    await correct(kept, "Kept note two.");
    await step(editor, withdrawn, "unpublish");
    const listed = await call("GET", "/api/corrections");
    expect(listed.status).toBe(200);
    const texts = apiEndpoints.corrections.answer
      .parse(listed.body)
      .corrections.map((entry) => entry.text);
    expect(texts.slice(0, 2)).toEqual(["Kept note two.", "Kept note one."]);
    expect(texts).not.toContain("Hidden note.");
    for (let index = 0; index < 20; index++) await correct(kept, `Note ${index}.`);
    const first = apiEndpoints.corrections.answer.parse(
      (await call("GET", "/api/corrections")).body,
    );
    expect(first.corrections).toHaveLength(20);
    const second = apiEndpoints.corrections.answer.parse(
      (await call("GET", `/api/corrections?cursor=${first.nextCursor}`)).body,
    );
    expect(second.corrections.map((entry) => entry.text)).toEqual([
      "Kept note two.",
      "Kept note one.",
    ]);
    expect((await call("GET", "/api/corrections?cursor=bad!")).status).toBe(400);
    expect((await call("GET", "/api/corrections?page=2")).status).toBe(400);
  });
});
