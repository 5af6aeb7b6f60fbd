import { desc, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { FrontPageCuration } from "../../contract/front-page-contract.ts";
import { auditLog } from "../../db/account-schema.ts";
import { frontPageQuery, readBanner } from "../../db/front-page-queries.ts";
import { articles, type ArticleRow } from "../../db/schema.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createDesk } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";
import { NEWSROOM, uniqueSlug } from "../../test/story-desk-helpers.ts";

const MINUTE = 60_000;
let editor: string;
let admin: string;
let contributor: string;
let reader: string;
/** Section A's stories, newest first (a[0] is the newest story of the site). */
const a: ArticleRow[] = [];
/** Section B's three stories, older than all of A's. */
const b: ArticleRow[] = [];
let sectionA = "";
let sectionB = "";
let draft: ArticleRow;

beforeAll(async () => {
  const deskA = await createDesk(db, { slug: uniqueSlug("world"), name: "World" });
  const deskB = await createDesk(db, { slug: uniqueSlug("sport"), name: "Sport" });
  sectionA = deskA.section.slug;
  sectionB = deskB.section.slug;
  const at = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
  for (let i = 0; i < 16; i++) {
    a.push(
      await createArticle(db, {
        category: deskA.category,
        headline: `World ${i}`,
        publishedAt: at(i + 1),
      }),
    );
  }
  for (let i = 0; i < 3; i++) {
    b.push(
      await createArticle(db, {
        category: deskB.category,
        headline: `Sport ${i}`,
        publishedAt: at(100 + i),
      }),
    );
  }
  draft = await createArticle(db, {
    category: deskA.category,
    status: "draft",
    publishedAt: null,
  });
  editor = (await signInAs("editor", { displayName: "Eda Editor" })).tokens.accessToken;
  admin = (await signInAs("admin")).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  reader = (await signInAs("reader")).tokens.accessToken;
});

const id = (row: ArticleRow) => String(row.id);
const automatic = (): FrontPageCuration => ({
  lead: null,
  top: [null, null, null, null],
  sections: [],
});

async function deskFrontPage(token = editor) {
  const answer = await call("GET", `${NEWSROOM}/front-page`, undefined, { token });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.frontPage.answer.parse(answer.body);
}

async function revision(): Promise<string> {
  return (await deskFrontPage()).frontPage.revision;
}

function save(curation: FrontPageCuration, baseRevision: string, token = editor) {
  return call("PUT", `${NEWSROOM}/front-page`, { baseRevision, curation }, { token });
}

async function saveOk(curation: FrontPageCuration, token = editor) {
  const answer = await save(curation, await revision(), token);
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.saveFrontPage.answer.parse(answer.body);
}

async function home() {
  const answer = await call("GET", "/api/home");
  expect(answer.status).toBe(200);
  return apiEndpoints.home.answer.parse(answer.body);
}

const slugs = (cards: { slug: string }[]) => cards.map((card) => card.slug);

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

async function audits(action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe("the front page desk: who may do what", () => {
  it("asks for an account (401), turns readers away (403) and lets every member of staff read", async () => {
    expect((await call("GET", `${NEWSROOM}/front-page`)).status).toBe(401);
    const asReader = await call("GET", `${NEWSROOM}/front-page`, undefined, { token: reader });
    expect(asReader.status).toBe(403);
    const asContributor = await deskFrontPage(contributor);
    expect(asContributor.frontPage.revision).toMatch(/^\d+$/);
  });

  it("lets editors and admins change it, not contributors (403, nothing written)", async () => {
    const before = await revision();
    const refused = await save(automatic(), before, contributor);
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe("forbidden");
    expect(await revision()).toBe(before);
    await saveOk(automatic(), admin);
    await saveOk(automatic(), editor);
    expect(Number(await revision())).toBe(Number(before) + 2);
  });
});

describe("the curated home page", () => {
  it("is automatic without a curation: the newest leads, then the next four", async () => {
    await saveOk(automatic());
    const page = await home();
    expect(page.lead?.slug).toBe(a[0]?.slug);
    expect(slugs(page.top)).toEqual(a.slice(1, 5).map((row) => row.slug));
    expect(slugs(page.latest)).toEqual(a.slice(5, 13).map((row) => row.slug));
  });

  it("keeps pinned stories in their slots and fills automatic ones with the newest not placed", async () => {
    const [lead, pinnedTop] = [a[6], a[9]] as [ArticleRow, ArticleRow];
    const versionBefore = await contentVersion();
    const answer = await saveOk({
      lead: id(lead),
      top: [null, id(pinnedTop), null, null],
      sections: [],
    });
    expect(answer.frontPage.curation.lead).toBe(id(lead));
    expect(answer.frontPage.updatedBy?.displayName).toBe("Eda Editor");
    expect(await contentVersion()).not.toBe(versionBefore);
    const page = await home();
    expect(page.lead?.slug).toBe(lead.slug);
    expect(slugs(page.top)).toEqual([a[0], pinnedTop, a[1], a[2]].map((row) => row?.slug));
    // Latest never repeats a placed story, and still has eight.
    const latest = [a[3], a[4], a[5], a[7], a[8], a[10], a[11], a[12]];
    expect(slugs(page.latest)).toEqual(latest.map((row) => row?.slug));
    const [entry] = await audits("front-page.update");
    expect(entry).toMatchObject({ subject: "the front page" });
  });

  it("drops a story that is taken down from its slot, silently", async () => {
    const pinned = a[11] as ArticleRow;
    await saveOk({ lead: id(pinned), top: [null, null, null, null], sections: [] });
    expect((await home()).lead?.slug).toBe(pinned.slug);
    await db
      .update(articles)
      .set({ status: "draft", unpublishedAt: new Date() })
      .where(eq(articles.id, pinned.id));
    try {
      const page = await home();
      expect(page.lead?.slug).toBe(a[0]?.slug);
      const everywhere = [page.lead, ...page.top, ...page.latest].map((card) => card?.slug);
      expect(everywhere).not.toContain(pinned.slug);
      // The desk still shows the pin, marked as no longer visible.
      const desk = await deskFrontPage();
      expect(desk.frontPage.curation.lead).toBe(id(pinned));
      expect(desk.candidates.find((story) => story.id === id(pinned))?.visible).toBe(false);
    } finally {
      await db
        .update(articles)
        .set({ status: "published", unpublishedAt: null })
        .where(eq(articles.id, pinned.id));
    }
  });

  it("shows a picked section block in its order, topped up with the section's newest", async () => {
    await saveOk({
      ...automatic(),
      sections: [
        { section: sectionB, stories: [id(b[2] as ArticleRow), id(b[0] as ArticleRow)] },
        { section: sectionA, stories: null },
      ],
    });
    const page = await home();
    const block = (slug: string) => page.sections.find((entry) => entry.section.slug === slug);
    expect(slugs(block(sectionB)?.articles ?? [])).toEqual([b[2], b[0], b[1]].map((r) => r?.slug));
    expect(slugs(block(sectionA)?.articles ?? [])).toEqual(a.slice(0, 4).map((r) => r.slug));
    const desk = await deskFrontPage();
    expect(desk.frontPage.curation.sections).toContainEqual({
      section: sectionB,
      stories: [id(b[2] as ArticleRow), id(b[0] as ArticleRow)],
    });
    expect(desk.frontPage.curation.sections).toContainEqual({ section: sectionA, stories: null });
    expect(desk.candidates.map((story) => story.id)).toEqual(
      expect.arrayContaining([id(b[1] as ArticleRow), id(a[15] as ArticleRow)]),
    );
  });
});

describe("writing the curation: stale revisions and bad input", () => {
  it("answers 409 stale_revision to a write from an older revision, and writes nothing", async () => {
    const base = await revision();
    await saveOk(automatic());
    const auditsBefore = (await audits("front-page.update")).length;
    const versionBefore = await contentVersion();
    const stale = await save({ ...automatic(), lead: id(a[3] as ArticleRow) }, base);
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe("stale_revision");
    expect((stale.body as { error: { message: string } }).error.message).toMatch(/front page/);
    expect((await deskFrontPage()).frontPage.curation.lead).toBeNull();
    expect((await audits("front-page.update")).length).toBe(auditsBefore);
    expect(await contentVersion()).toBe(versionBefore);
    // A revision ahead of the stored one is just as stale.
    const ahead = await save(automatic(), String(Number(await revision()) + 5));
    expect(ahead.status).toBe(409);
  });

  it("answers 422 invalid_front_page, naming the field, for stories that cannot go there", async () => {
    const base = await revision();
    const cases: [FrontPageCuration, string, RegExp][] = [
      [{ ...automatic(), lead: "999999" }, "lead", /no story 999999/],
      [{ ...automatic(), top: [null, id(draft), null, null] }, "top.1", /not published/],
      [
        {
          ...automatic(),
          lead: id(a[2] as ArticleRow),
          top: [id(a[2] as ArticleRow), null, null, null],
        },
        "top.0",
        /already in another slot/,
      ],
      [
        { ...automatic(), sections: [{ section: sectionB, stories: [id(a[0] as ArticleRow)] }] },
        `sections.${sectionB}`,
        /not in the section “Sport”/,
      ],
      [
        { ...automatic(), sections: [{ section: "no-such-section", stories: null }] },
        "sections.no-such-section",
        /no section/,
      ],
      [
        {
          ...automatic(),
          sections: [
            { section: sectionA, stories: null },
            { section: sectionA, stories: null },
          ],
        },
        `sections.${sectionA}`,
        /listed twice/,
      ],
    ];
    for (const [curation, field, message] of cases) {
      const answer = await save(curation, base);
      expect(answer.status, field).toBe(422);
      expect(answer.body).toMatchObject({ error: { code: "invalid_front_page", field } });
      expect((answer.body as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(await revision()).toBe(base);
  });

  it("answers 400 to a malformed body (wrong number of slots, a non-numeric id or revision)", async () => {
    const base = await revision();
    for (const body of [
      { baseRevision: base, curation: { ...automatic(), top: [null, null, null] } },
      { baseRevision: base, curation: { ...automatic(), lead: "abc" } },
      { baseRevision: "r1", curation: automatic() },
      { baseRevision: base, curation: automatic(), extra: true },
    ]) {
      const answer = await call("PUT", `${NEWSROOM}/front-page`, body, { token: editor });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorCode(answer.body)).toBe("invalid_request");
    }
  });
});

describe("the breaking-news banner", () => {
  const banner = async () => {
    const answer = await call("GET", "/api/banner");
    expect(answer.status).toBe(200);
    return apiEndpoints.banner.answer.parse(answer.body).banner;
  };
  const setBanner = (body: unknown, token = editor) =>
    call("PUT", `${NEWSROOM}/banner`, body, { token });

  it("is off until an editor turns it on; readers then see it, and the content version moves", async () => {
    expect(await banner()).toBeNull();
    const versionBefore = await contentVersion();
    const on = await setBanner({
      headline: "  Harbour bridge closed after collision  ",
      link: "/world/harbour-bridge",
      active: true,
    });
    expect(on.status, on.text).toBe(200);
    expect(apiEndpoints.saveBanner.answer.parse(on.body).banner).toMatchObject({
      headline: "Harbour bridge closed after collision",
      active: true,
    });
    expect(await banner()).toEqual({
      headline: "Harbour bridge closed after collision",
      link: "/world/harbour-bridge",
    });
    expect(await contentVersion()).not.toBe(versionBefore);
    expect((await audits("banner.on"))[0]?.subject).toMatch(/Harbour bridge closed/);
  });

  it("goes off with DELETE (kept for the desk, gone for readers), moving the content version once", async () => {
    await setBanner({ headline: "Polls close", link: "https://example.org/live", active: true });
    const versionBefore = await contentVersion();
    const offAudits = (await audits("banner.off")).length;
    const off = await call("DELETE", `${NEWSROOM}/banner`, undefined, { token: editor });
    expect(off.status, off.text).toBe(200);
    expect(await banner()).toBeNull();
    const versionAfter = await contentVersion();
    expect(versionAfter).not.toBe(versionBefore);
    const desk = await call("GET", `${NEWSROOM}/banner`, undefined, { token: contributor });
    expect(apiEndpoints.deskBanner.answer.parse(desk.body).banner).toMatchObject({
      headline: "Polls close",
      active: false,
    });
    // Off again: nothing changes, nothing is audited.
    await call("DELETE", `${NEWSROOM}/banner`, undefined, { token: editor });
    expect(await contentVersion()).toBe(versionAfter);
    expect((await audits("banner.off")).length).toBe(offAudits + 1);
  });

  it("is for editors and admins: contributors 403, readers 403, anonymous 401", async () => {
    const body = { headline: "Storm warning", link: "/weather", active: true };
    expect((await setBanner(body, contributor)).status).toBe(403);
    expect((await setBanner(body, reader)).status).toBe(403);
    expect((await call("PUT", `${NEWSROOM}/banner`, body)).status).toBe(401);
    expect(
      (await call("DELETE", `${NEWSROOM}/banner`, undefined, { token: contributor })).status,
    ).toBe(403);
    expect((await setBanner(body, admin)).status).toBe(200);
    await call("DELETE", `${NEWSROOM}/banner`, undefined, { token: admin });
  });

  it("refuses links that are not same-site paths or https, and headlines empty or too long (422)", async () => {
    const before = await readBanner(db);
    for (const link of [
      "http://example.org/",
      "javascript:alert(1)",
      "//evil.example/",
      "/\\evil.example",
      "mailto:desk@example.org",
      "",
    ]) {
      const answer = await setBanner({ headline: "Breaking", link, active: true });
      expect(answer.status, link).toBe(422);
      expect(answer.body).toMatchObject({ error: { code: "invalid_link", field: "link" } });
    }
    for (const headline of ["   ", "x".repeat(141)]) {
      const answer = await setBanner({ headline, link: "/", active: true });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ error: { code: "invalid_banner", field: "headline" } });
    }
    const long = await setBanner({ headline: "x".repeat(141), link: "/", active: true });
    expect((long.body as { error: { message: string } }).error.message).toMatch(/at most 140/);
    expect(await readBanner(db)).toEqual(before);
    const fits = await setBanner({ headline: "é".repeat(140), link: "/", active: false });
    expect(fits.status).toBe(200);
  });
});

describe("the curation's read stays flat", () => {
  it("reads the front page row by its primary key", async () => {
    const { sql, params } = frontPageQuery(db).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    expect(results.map((row) => row.detail).join("\n")).toMatch(
      /SEARCH front_page USING INTEGER PRIMARY KEY/,
    );
  });
});
