import type { APIRequestContext } from "@playwright/test";
import { hrefFor } from "../../shell/src/contract/site-addresses.ts";

/** Real slugs of the seeded publication, read from the API the way a fragment would. */
export interface DemoContent {
  section: { slug: string; name: string };
  category: { slug: string; name: string };
  article: { path: string; headline: string; slug: string };
  author: { slug: string; name: string };
  tag: { slug: string; name: string };
  editionDate: string;
  pageSlug: string;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

interface Card {
  slug: string;
  headline: string;
  section: { slug: string; name: string };
  category: { slug: string; name: string };
  authors: { slug: string; name: string }[];
}

export async function loadDemoContent(request: APIRequestContext): Promise<DemoContent> {
  const home = await getJson<{ latest: Card[] }>(request, "/api/home");
  const card = home.latest[0];
  if (!card) throw new Error("the demo publication has no articles");
  const detail = await getJson<{ article: Card & { tags: { slug: string; name: string }[] } }>(
    request,
    `/api/articles/${card.slug}`,
  );
  const tag = detail.article.tags[0];
  const author = detail.article.authors[0];
  if (!tag || !author) throw new Error("the demo article has no tag or author");
  const today = new Date().toISOString().slice(0, 10);
  const edition = await getJson<{ edition: { date: string } }>(
    request,
    `/api/editions/latest?onOrBefore=${today}`,
  );
  return {
    section: card.section,
    category: card.category,
    article: {
      // The API answers slugs; the page's address is the shell's (as in every fragment).
      path: hrefFor("content.article", {
        section: card.section.slug,
        category: card.category.slug,
        slug: card.slug,
      }),
      headline: card.headline,
      slug: card.slug,
    },
    author,
    tag,
    editionDate: edition.edition.date,
    pageSlug: "about",
  };
}
