import { storyStatuses, type StoriesQuery, type StoryStatus } from "edge-api/contract/newsroom";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { statusLabels, type DeskView, type StoryRowView } from "../ui/newsroom-views.ts";
import {
  answering,
  need,
  newsroomPage,
  publicationView,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom`: the story list, newest updated first, 25 a page. A GET form filters by status,
 * section and author and searches titles (`q`); `cursor` is the API's next page.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isStatus(value: string): value is StoryStatus {
  return (storyStatuses as readonly string[]).includes(value);
}

export function readDeskQuery(query: URLSearchParams): StoriesQuery {
  const status = query.get("status") ?? "";
  const section = query.get("section") ?? "";
  const author = query.get("author") ?? "";
  const q = (query.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  const cursor = query.get("cursor") ?? "";
  return {
    ...(isStatus(status) ? { status } : {}),
    ...(SLUG.test(section) && section.length <= 80 ? { section } : {}),
    ...(SLUG.test(author) && author.length <= 80 ? { author } : {}),
    ...(q === "" ? {} : { q }),
    ...(cursor !== "" && cursor.length <= 200 ? { cursor } : {}),
  };
}

export function loadDesk(context: NewsroomContext): Promise<LoadOutcome> {
  return answering(async () => {
    const filters = readDeskQuery(context.query);
    const [stories, taxonomy] = await Promise.all([
      context.api.call("stories", { query: filters }),
      context.api.call("taxonomy", {}),
    ]);
    if (!stories.ok && stories.status === 400 && filters.cursor !== undefined) {
      // A cursor the API no longer understands: the first page of the same filters.
      const { cursor: _cursor, ...rest } = filters;
      return { kind: "redirect", status: 302, location: hrefFor("content.newsroom", {}, rest) };
    }
    const list = need(context, stories, "list stories");
    const map = need(context, taxonomy, "read the site's map");
    const { cursor: _cursor, ...sameFilters } = filters;
    const rows: StoryRowView[] = list.stories.map((story) => ({
      href: hrefFor("content.newsroom-story", { id: story.id }),
      headline: story.headline,
      status: story.status,
      section: story.section.name,
      authors: story.authors.map((author) => author.name),
      publishedAt: story.publishedAt,
      updatedAt: story.updatedAt,
      updatedBy: story.updatedBy?.displayName ?? null,
    }));
    const view: DeskView = {
      view: "desk",
      publication: publicationView(context.publication),
      filters: {
        status: filters.status ?? "",
        section: filters.section ?? "",
        author: filters.author ?? "",
        q: filters.q ?? "",
      },
      statuses: storyStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
      sections: map.sections.map((section) => ({ value: section.slug, label: section.name })),
      authors: map.authors.map((author) => ({ value: author.slug, label: author.name })),
      stories: rows,
      nextHref: list.nextCursor
        ? hrefFor("content.newsroom", {}, { ...sameFilters, cursor: list.nextCursor })
        : null,
      paged: filters.cursor !== undefined,
      firstHref: hrefFor("content.newsroom", {}, sameFilters),
      newStoryHref: hrefFor("content.newsroom-new-story"),
    };
    return newsroomPage(context, filters.cursor ? "Stories (older)" : "Stories", view);
  });
}
