/**
 * Real URLs of the seeded publication, found through the API the way the end-to-end tests find
 * them, for `npm run bench` (and its scale comparison) and `npm run lighthouse`. Addresses come
 * from the shell's table, as in every fragment.
 */
import { hrefFor, urlFor } from "../shell/src/contract/site-addresses.ts";

export interface Target {
  name: string;
  url: string;
}

/** What `npm run bench` measures for one target with autocannon. */
export interface Measured extends Target {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU ms per completed request (the stack's workerd processes); null where unknown. */
  cpuMsPerRequest: number | null;
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

interface Card {
  slug: string;
  headline: string;
  section: { slug: string };
  category: { slug: string };
  authors: { slug: string }[];
}

/**
 * Home, the newest article with its section, category, first author and first tag, today's
 * paper (or the latest edition when today has none), a search for a word of its headline, and
 * the article's API answer.
 */
export async function siteTargets(site: string): Promise<Target[]> {
  const home = await getJson<{ latest: Card[] }>(`${site}/api/home`);
  const card = home.latest[0];
  if (!card) throw new Error("the demo publication has no articles");
  const detail = await getJson<{ article: Card & { tags: { slug: string }[] } }>(
    `${site}/api/articles/${card.slug}`,
  );
  const tag = detail.article.tags[0];
  const author = detail.article.authors[0];
  if (!tag || !author) throw new Error("the demo article has no tag or author");
  const word = card.headline.split(/\W+/).find((part) => part.length > 3) ?? "news";
  const paper = await fetch(`${site}/todays-paper`, { redirect: "manual" });
  await paper.body?.cancel();
  const today = new Date().toISOString().slice(0, 10);
  const paperPath = paper.ok
    ? hrefFor("paper.today")
    : hrefFor("paper.edition", {
        date: (
          await getJson<{ edition: { date: string } }>(
            `${site}/api/editions/latest?onOrBefore=${today}`,
          )
        ).edition.date,
      });
  return [
    { name: "home", url: urlFor(site, "content.home") },
    { name: "section", url: urlFor(site, "content.section", { section: card.section.slug }) },
    {
      name: "category",
      url: urlFor(site, "content.category", {
        section: card.section.slug,
        category: card.category.slug,
      }),
    },
    {
      name: "article",
      url: urlFor(site, "content.article", {
        section: card.section.slug,
        category: card.category.slug,
        slug: card.slug,
      }),
    },
    { name: "author", url: urlFor(site, "content.author", { slug: author.slug }) },
    { name: "tag", url: urlFor(site, "content.tag", { slug: tag.slug }) },
    { name: "today's paper", url: `${site}${paperPath}` },
    { name: "search", url: urlFor(site, "content.search", {}, { q: word.toLowerCase() }) },
    { name: "api: article", url: `${site}/api/articles/${card.slug}` },
  ];
}

/** The named targets, in the order named. */
export function pickTargets(targets: Target[], names: readonly string[]): Target[] {
  return names.map((name) => {
    const target = targets.find((candidate) => candidate.name === name);
    if (!target) throw new Error(`no target named ${name}`);
    return target;
  });
}
