import { Hono } from "hono";
import {
  listNewestPerSection,
  listVisibleArticles,
  listVisibleArticlesByIds,
} from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import { readFrontPage } from "../../db/front-page-queries.ts";
import { listSections } from "../../db/taxonomy-queries.ts";
import {
  FRONT_PAGE_PER_SECTION,
  FRONT_PAGE_TOP_SLOTS,
} from "../../contract/front-page-contract.ts";
import type { HomeResponse } from "../../contract/listing-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { arrangeHome, curatedIds, parseStoredCuration } from "../../domain/front-page-curation.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

const LATEST_COUNT = 8;

/**
 * The front page: the editors' curation over the automatic page (decision 0020). Automatic,
 * `lead` is the newest article, `top` the next four, `latest` the eight after those (so the
 * three never repeat each other), and each section lists its own newest four; pinned stories
 * take their slots and automatic ones fill around them. The curation is one row read by primary
 * key beside the listings, and its stories one lookup by id, only when it names any.
 */
export const homeRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const [frontPage, newest, perSection, sections] = await Promise.all([
      readFrontPage(db),
      listVisibleArticles(db, {
        now,
        filter: { kind: "all" },
        limit: 1 + FRONT_PAGE_TOP_SLOTS + LATEST_COUNT,
      }),
      listNewestPerSection(db, now, FRONT_PAGE_PER_SECTION),
      listSections(db),
    ]);
    const curation = parseStoredCuration(frontPage?.curation);
    const ids = curatedIds(curation);
    const curated = ids.length > 0 ? await listVisibleArticlesByIds(db, ids, now) : [];
    const home = arrangeHome(
      curation,
      new Map(curated.map((row) => [row.id, row])),
      newest,
      perSection,
      LATEST_COUNT,
    );
    const shown = [home.lead, ...home.top, ...home.latest, ...[...home.bySection.values()].flat()];
    const rows = shown.filter((row) => row !== null);
    const refs = await loadCardRefs(db, rows);
    const card = (row: (typeof rows)[number]) => toArticleCard(row, refs);
    const body: HomeResponse = {
      lead: home.lead ? card(home.lead) : null,
      top: home.top.map(card),
      sections: sections.map((section) => ({
        section: { slug: section.slug, name: section.name },
        articles: (home.bySection.get(section.id) ?? []).map(card),
      })),
      latest: home.latest.map(card),
    };
    return c.json(body, 200);
  },
);
