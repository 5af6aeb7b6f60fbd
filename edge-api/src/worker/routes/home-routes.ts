import { Hono } from "hono";
import { toCardRefs } from "../../db/article-ref-queries.ts";
import { HOME_LATEST_COUNT, homePageQueries } from "../../db/home-page-queries.ts";
import { runPrepared } from "../../db/prepared-batch.ts";
import type { HomeResponse } from "../../contract/listing-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { arrangeHome, parseStoredCuration } from "../../domain/front-page-curation.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

/**
 * The front page: the editors' curation over the automatic page (decision 0020). Automatic,
 * `lead` is the newest article, `top` the next four, `latest` the eight after those (so the
 * three never repeat each other), and each section lists its own newest four; pinned stories
 * take their slots and automatic ones fill around them. The curation (one row by primary key),
 * the listings, the curated stories and the cards' references are one D1 batch
 * (`home-page-queries.ts`).
 */
export const homeRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const [[frontPage], newest, perSection, sections, curated, ...refRows] = await runPrepared(
      db,
      homePageQueries(db),
      { nowMs: now.getTime() },
    );
    const home = arrangeHome(
      parseStoredCuration(frontPage?.curation),
      new Map(curated.map((row) => [row.id, row])),
      newest,
      perSection,
      HOME_LATEST_COUNT,
    );
    const refs = toCardRefs([sections, ...refRows]);
    const card = (row: (typeof newest)[number]) => toArticleCard(row, refs);
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
