import { Hono, type Context } from "hono";
import {
  SaveBannerBodySchema,
  SaveFrontPageBodySchema,
  type BannerAnswer,
  type DeskBannerAnswer,
  type FrontPageAnswer,
  type FrontPageCandidate,
} from "../../contract/front-page-contract.ts";
import { listNewestPerSection, listVisibleArticles } from "../../db/article-queries.ts";
import {
  listCuratedStories,
  readBanner,
  readFrontPage,
  switchBannerOff,
  writeBanner,
  writeFrontPage,
} from "../../db/front-page-queries.ts";
import { personNames } from "../../db/story-queries.ts";
import { listSections } from "../../db/taxonomy-queries.ts";
import { bannerProblem } from "../../domain/banner-fields.ts";
import { curatedIds, parseStoredCuration } from "../../domain/front-page-curation.ts";
import { personRef } from "../../domain/story-fields.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import { checkCuration } from "../front-page-checks.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

/** How many of the newest stories, and of each section's, the desk offers to pick from. */
const NEWEST_CANDIDATES = 40;
const SECTION_CANDIDATES = 10;

type FrontPageContext = Context<AppEnv>;

/**
 * The front page and the banner in the newsroom (mounted at `/api/newsroom`, decision 0020):
 * any member of staff reads them; editors and admins change them (contributors 403). Every
 * write is audited in its batch and moves the content version (triggers of migration 0014).
 */
export const newsroomFrontPageRoutes = new Hono<AppEnv>();
for (const path of ["/front-page", "/banner"]) {
  newsroomFrontPageRoutes.use(path, requireAccount, requireStaff());
}

newsroomFrontPageRoutes
  .get("/front-page", validate("query", noQuerySchema), async (c) =>
    c.json(await frontPageAnswer(c), 200),
  )
  .put(
    "/front-page",
    requireRole("editor"),
    validate("json", SaveFrontPageBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const body = c.req.valid("json");
      const stored = await checkCuration(db, body.curation);
      const written = await writeFrontPage(db, {
        base: Number(body.baseRevision),
        curation: JSON.stringify(stored),
        now,
        actorId: staff.accountId,
        audit: {
          at: now,
          actorId: staff.accountId,
          action: "front-page.update",
          subject: "the front page",
          detail: { revision: [body.baseRevision, String(Number(body.baseRevision) + 1)] },
        },
      });
      if (!written) {
        throw new ApiError(
          "stale_revision",
          "Someone else changed the front page since you opened it. Open it again to see their changes.",
        );
      }
      return c.json(await frontPageAnswer(c), 200);
    },
  )
  .get("/banner", validate("query", noQuerySchema), async (c) =>
    c.json(await deskBannerAnswer(c), 200),
  )
  .put("/banner", requireRole("editor"), validate("json", SaveBannerBodySchema), async (c) => {
    const { db, now, staff } = c.var;
    const body = c.req.valid("json");
    const banner = { headline: body.headline.trim(), link: body.link.trim() };
    const problem = bannerProblem(banner);
    if (problem) throw new ApiError(problem.code, problem.message, { field: problem.field });
    await writeBanner(db, {
      ...banner,
      active: body.active,
      now,
      actorId: staff.accountId,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: body.active ? "banner.on" : "banner.off",
        subject: `the banner “${banner.headline.slice(0, 120)}”`,
        detail: { link: banner.link },
      },
    });
    return c.json(await deskBannerAnswer(c), 200);
  })
  .delete("/banner", requireRole("editor"), async (c) => {
    const { db, now, staff } = c.var;
    const current = await readBanner(db);
    await switchBannerOff(db, now, staff.accountId, {
      at: now,
      actorId: staff.accountId,
      action: "banner.off",
      subject: `the banner “${(current?.headline ?? "").slice(0, 120)}”`,
    });
    return c.json(await deskBannerAnswer(c), 200);
  });

/** The banner readers see on every page (`{ banner: null }` when it is off). */
export const bannerRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", noQuerySchema),
  async (c) => {
    const row = await readBanner(c.var.db);
    const body: BannerAnswer = {
      banner: row?.active ? { headline: row.headline, link: row.link } : null,
    };
    return c.json(body, 200);
  },
);

async function deskBannerAnswer(c: FrontPageContext): Promise<DeskBannerAnswer> {
  const { db } = c.var;
  const row = await readBanner(db);
  if (!row) return { banner: null };
  const people = await personNames(db, [row.updatedBy]);
  return {
    banner: {
      headline: row.headline,
      link: row.link,
      active: row.active,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: personRef(row.updatedBy, people),
    },
  };
}

/** The curation as stored (every section listed), and the stories the desk may pick from. */
async function frontPageAnswer(c: FrontPageContext): Promise<FrontPageAnswer> {
  const { db, now } = c.var;
  const [row, sections, newest, perSection] = await Promise.all([
    readFrontPage(db),
    listSections(db),
    listVisibleArticles(db, { now, filter: { kind: "all" }, limit: NEWEST_CANDIDATES }),
    listNewestPerSection(db, now, SECTION_CANDIDATES),
  ]);
  const stored = parseStoredCuration(row?.curation);
  const [curated, people] = await Promise.all([
    listCuratedStories(db, curatedIds(stored)),
    personNames(db, [row?.updatedBy ?? null]),
  ]);
  const sectionById = new Map(sections.map((section) => [section.id, section]));
  const candidates = new Map<number, FrontPageCandidate>();
  for (const story of [...curated, ...newest, ...perSection]) {
    const section = sectionById.get(story.sectionId);
    if (!section || candidates.has(story.id)) continue;
    const visible =
      story.status === "published" && story.publishedAt !== null && story.publishedAt <= now;
    candidates.set(story.id, {
      id: String(story.id),
      headline: story.headline,
      section: { slug: section.slug, name: section.name },
      publishedAt: story.publishedAt?.toISOString() ?? null,
      visible,
    });
  }
  const id = (value: number | null) => (value === null ? null : String(value));
  return {
    frontPage: {
      revision: String(row?.revision ?? 0),
      curation: {
        lead: id(stored.lead),
        top: stored.top.map(id),
        sections: sections.map((section) => ({
          section: section.slug,
          stories: stored.sections[String(section.id)]?.map(String) ?? null,
        })),
      },
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: personRef(row?.updatedBy ?? null, people),
    },
    sections: sections.map(({ slug, name }) => ({ slug, name })),
    candidates: [...candidates.values()].sort((a, b) =>
      (b.publishedAt ?? "").localeCompare(a.publishedAt ?? ""),
    ),
  };
}
