import { Hono } from "hono";
import { listNewestPerSection, listVisibleArticles } from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import { listSections } from "../../db/taxonomy-queries.ts";
import type { ArticleCard } from "../../contract/article-contract.ts";
import type { HomeResponse } from "../../contract/listing-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

const TOP_COUNT = 4;
const LATEST_COUNT = 8;
const PER_SECTION = 4;

/**
 * The front page: `lead` is the newest article, `top` the next four, `latest` the eight after
 * those (so the three never repeat each other); each section lists its own newest four.
 */
export const homeRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const [newest, perSection, sections] = await Promise.all([
      listVisibleArticles(db, {
        now,
        filter: { kind: "all" },
        limit: 1 + TOP_COUNT + LATEST_COUNT,
      }),
      listNewestPerSection(db, now, PER_SECTION),
      listSections(db),
    ]);
    const refs = await loadCardRefs(db, [...newest, ...perSection]);
    const cards = newest.map((row) => toArticleCard(row, refs));
    const bySection = new Map<number, ArticleCard[]>();
    for (const row of perSection) {
      const list = bySection.get(row.sectionId) ?? [];
      list.push(toArticleCard(row, refs));
      bySection.set(row.sectionId, list);
    }
    const body: HomeResponse = {
      lead: cards[0] ?? null,
      top: cards.slice(1, 1 + TOP_COUNT),
      sections: sections.map((section) => ({
        section: { slug: section.slug, name: section.name },
        articles: bySection.get(section.id) ?? [],
      })),
      latest: cards.slice(1 + TOP_COUNT),
    };
    return c.json(body, 200);
  },
);
