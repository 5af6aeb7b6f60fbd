import { createSeedRandom } from "./seed-random.ts";
import type { SeedRandom } from "./seed-random.ts";
import { seedAuthors, seedPages, seedSections, seedTags } from "./seed-catalogue.ts";
import type { SeedData, SeedOptions } from "./seed-data.ts";
import { generateEditions } from "./seed-editions.ts";
import { authorBio, generateCopy, slugify } from "./seed-text.ts";

export const DEFAULT_SEED = 20_261_122;
export const PUBLISHED_ARTICLE_COUNT = 32;
const MINUTE = 60_000;
const SPREAD_MINUTES = 14 * 24 * 60;

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function addTaxonomy(data: SeedData, random: SeedRandom): void {
  let categoryId = 1;
  seedSections.forEach((section, index) => {
    const sectionId = index + 1;
    data.sections.push({
      id: sectionId,
      slug: section.slug,
      name: section.name,
      description: section.description,
      position: index + 1,
    });
    for (const category of section.categories)
      data.categories.push({ id: categoryId++, sectionId, ...category });
  });
  seedAuthors.forEach((author, index) => {
    data.authors.push({
      id: index + 1,
      ...author,
      bio: authorBio(random, author.name, author.title),
    });
  });
  seedTags.forEach((tag, index) => {
    data.tags.push({
      id: index + 1,
      ...tag,
      description: `Everything we publish about ${tag.name.toLowerCase()}.`,
    });
  });
}

interface ArticlePlan {
  id: number;
  status: "draft" | "scheduled" | "published";
  publishedAt: Date | null;
}

/** Published articles newest first (ids descending), then two drafts and one scheduled. */
function planArticles(anchor: number, random: SeedRandom): ArticlePlan[] {
  const plans: ArticlePlan[] = [];
  for (let i = 0; i < PUBLISHED_ARTICLE_COUNT; i++) {
    const minutesBack =
      20 + Math.floor((i * (SPREAD_MINUTES - 400)) / PUBLISHED_ARTICLE_COUNT) + random.int(0, 300);
    plans.push({
      id: PUBLISHED_ARTICLE_COUNT - i,
      status: "published",
      publishedAt: new Date(anchor - minutesBack * MINUTE),
    });
  }
  plans.push({ id: PUBLISHED_ARTICLE_COUNT + 1, status: "draft", publishedAt: null });
  plans.push({ id: PUBLISHED_ARTICLE_COUNT + 2, status: "draft", publishedAt: null });
  plans.push({
    id: PUBLISHED_ARTICLE_COUNT + 3,
    status: "scheduled",
    publishedAt: new Date(anchor + 2 * 24 * 60 * MINUTE),
  });
  return plans;
}

/** Builds the whole seed in memory. Pure: no clock, no I/O, no global randomness. */
export function generateSeed(options: SeedOptions): SeedData {
  const random = createSeedRandom(options.seed ?? DEFAULT_SEED);
  const anchor = Math.floor(options.now.getTime() / MINUTE) * MINUTE;
  const data: SeedData = {
    sections: [],
    categories: [],
    authors: [],
    tags: [],
    articles: [],
    articleAuthors: [],
    articleTags: [],
    pages: [],
    printEditions: [],
    printPages: [],
    printPlacements: [],
  };
  addTaxonomy(data, random);

  const slugs = new Set<string>();
  const printHeadlines = new Map<number, string>();
  planArticles(anchor, random).forEach((plan, index) => {
    const section = data.sections[index % data.sections.length];
    if (!section?.id) throw new Error("Seed has no sections");
    const category = random.pick(data.categories.filter((c) => c.sectionId === section.id));
    const copy = generateCopy(random, section.slug);
    printHeadlines.set(plan.id, copy.printHeadline);
    const updatedAt =
      plan.publishedAt && plan.status === "published"
        ? new Date(plan.publishedAt.getTime() + random.int(0, 15) * MINUTE)
        : new Date(anchor - 60 * MINUTE);
    data.articles.push({
      id: plan.id,
      slug: uniqueSlug(slugify(copy.slugText), slugs),
      sectionId: section.id,
      categoryId: category.id ?? 0,
      headline: copy.headline,
      standfirst: copy.standfirst,
      body: JSON.stringify(copy.body),
      status: plan.status,
      publishedAt: plan.publishedAt,
      updatedAt: updatedAt.getTime() > anchor ? new Date(anchor) : updatedAt,
    });
    random.sample(data.authors, random.int(1, 2)).forEach((author, position) => {
      data.articleAuthors.push({ articleId: plan.id, authorId: author.id ?? 0, position });
    });
    for (const tag of random.sample(data.tags, random.int(2, 3))) {
      data.articleTags.push({ articleId: plan.id, tagId: tag.id ?? 0 });
    }
  });
  data.articles.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));

  seedPages.forEach((page, index) => {
    data.pages.push({
      id: index + 1,
      slug: page.slug,
      title: page.title,
      body: JSON.stringify(page.body),
      updatedAt: new Date(anchor - 30 * 24 * 60 * MINUTE),
    });
  });

  generateEditions(data, random, {
    now: new Date(anchor),
    timeZone: options.timeZone ?? "Europe/London",
    printHeadlines,
  });
  return data;
}
