import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { auditLog } from "../../db/account-schema.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createImage } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";
import {
  createDeskFixture,
  NEWSROOM,
  uniqueSlug,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

let fixture: DeskFixture;
let editor: string;

beforeAll(async () => {
  fixture = await createDeskFixture();
  editor = (await signInAs("editor")).tokens.accessToken;
});

const send = (method: string, path: string, body?: unknown) =>
  call(method, `${NEWSROOM}${path}`, body, { token: editor });

async function taxonomy() {
  const answer = await send("GET", "/taxonomy");
  expect(answer.status).toBe(200);
  return apiEndpoints.taxonomy.answer.parse(answer.body);
}

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

async function lastAudit(action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row && { ...row, detail: JSON.parse(row.detail) as Record<string, unknown> };
}

describe("sections", () => {
  it("creates a section at the end of the navigation, audited, moving the content version", async () => {
    const before = await contentVersion();
    const slug = uniqueSlug("science");
    const answer = await send("POST", "/sections", {
      slug,
      name: "Science",
      description: "Discoveries.",
    });
    expect(answer.status, answer.text).toBe(201);
    const { section } = apiEndpoints.createSection.answer.parse(answer.body);
    const all = await taxonomy();
    expect(all.sections.at(-1)?.slug).toBe(slug);
    expect(section.categories).toEqual([]);
    expect(await contentVersion()).not.toBe(before);
    expect(await lastAudit("taxonomy.create")).toMatchObject({
      subject: "section “Science”",
      detail: { kind: "section", slug },
    });
  });

  it("refuses reserved slugs with a clear message, and slugs already taken", async () => {
    for (const slug of ["newsroom", "login", "api", "search"]) {
      const answer = await send("POST", "/sections", { slug, name: "X", description: "" });
      expect(answer.status, slug).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: "reserved_slug", field: "slug" } });
      expect((answer.body as { error: { message: string } }).error.message).toMatch(
        /site's own addresses/,
      );
    }
    const taken = await send("POST", "/sections", {
      slug: fixture.section,
      name: "Again",
      description: "",
    });
    expect(taken.status).toBe(409);
    expect(errorCode(taken.body)).toBe("slug_taken");
    const malformed = await send("POST", "/sections", {
      slug: "Two Words",
      name: "X",
      description: "",
    });
    expect(malformed.status).toBe(400);
  });

  it("renames a section, refusing a reserved or taken slug, and 404 for one that does not exist", async () => {
    const all = await taxonomy();
    const section = all.sections.find((candidate) => candidate.slug === fixture.otherSection)!;
    const reserved = await send("PATCH", `/sections/${section.id}`, {
      slug: "newsroom",
      name: section.name,
      description: "",
    });
    expect(reserved.status).toBe(409);
    expect(errorCode(reserved.body)).toBe("reserved_slug");
    const taken = await send("PATCH", `/sections/${section.id}`, {
      slug: fixture.section,
      name: section.name,
      description: "",
    });
    expect(errorCode(taken.body)).toBe("slug_taken");
    const renamed = await send("PATCH", `/sections/${section.id}`, {
      slug: section.slug,
      name: "Business and work",
      description: section.description,
    });
    expect(renamed.status, renamed.text).toBe(200);
    const body = apiEndpoints.updateSection.answer.parse(renamed.body);
    expect(body.section.name).toBe("Business and work");
    expect(body.section.categories.length).toBe(1);
    expect(await lastAudit("taxonomy.update")).toMatchObject({
      detail: { kind: "section", name: [section.name, "Business and work"] },
    });
    const missing = await send("PATCH", "/sections/999999", {
      slug: uniqueSlug("x"),
      name: "X",
      description: "",
    });
    expect(missing.status).toBe(404);
  });

  it("orders the navigation; a list that misses a section or repeats one is refused", async () => {
    const ids = (await taxonomy()).sections.map((section) => section.id);
    const reversed = [...ids].reverse();
    const answer = await send("POST", "/sections/order", { ids: reversed });
    expect(answer.status, answer.text).toBe(200);
    const ordered = apiEndpoints.orderSections.answer.parse(answer.body);
    expect(ordered.sections.map((section) => section.id)).toEqual(reversed);
    const publicOrder = apiEndpoints.sections.answer.parse(
      (await call("GET", "/api/sections")).body,
    );
    expect(publicOrder.sections[0]?.slug).toBe(ordered.sections[0]?.slug);
    expect((await lastAudit("taxonomy.reorder"))?.detail).toHaveProperty("order");
    const missing = await send("POST", "/sections/order", { ids: ids.slice(1) });
    expect(missing.status).toBe(409);
    expect(errorCode(missing.body)).toBe("conflict");
    const repeated = await send("POST", "/sections/order", { ids: [ids[0], ...ids] });
    expect(repeated.status).toBe(400);
  });
});

describe("categories, authors and tags", () => {
  it("answers editors racing to create the same tag with one 201 and 409s, never a 500", async () => {
    const slug = `race-${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        send("POST", "/tags", { slug, name: "Race", description: "" }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(
      true,
    );
  });

  it("makes category slugs unique within their section only", async () => {
    const all = await taxonomy();
    const world = all.sections.find((section) => section.slug === fixture.section)!;
    const business = all.sections.find((section) => section.slug === fixture.otherSection)!;
    const taken = await send("POST", `/sections/${world.id}/categories`, {
      slug: fixture.category,
      name: "Again",
    });
    expect(taken.status).toBe(409);
    expect(errorCode(taken.body)).toBe("slug_taken");
    const elsewhere = await send("POST", `/sections/${business.id}/categories`, {
      slug: fixture.category,
      name: "Same slug, other section",
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    const category = apiEndpoints.createCategory.answer.parse(elsewhere.body).category;
    const renamed = await send("PATCH", `/categories/${category.id}`, {
      slug: category.slug,
      name: "Renamed",
    });
    expect(apiEndpoints.updateCategory.answer.parse(renamed.body).category.name).toBe("Renamed");
    expect(
      (await send("POST", "/sections/999999/categories", { slug: "x", name: "X" })).status,
    ).toBe(404);
    expect((await send("PATCH", "/categories/999999", { slug: "x", name: "X" })).status).toBe(404);
  });

  it("creates and edits author profiles and tags; slugs are unique", async () => {
    const slug = uniqueSlug("author");
    const created = await send("POST", "/authors", {
      slug,
      name: "Ben Hale",
      jobTitle: "Business editor",
      bio: "Writes on markets.",
    });
    expect(created.status, created.text).toBe(201);
    const author = apiEndpoints.createAuthor.answer.parse(created.body).author;
    expect(author).toMatchObject({ slug, jobTitle: "Business editor" });
    const again = await send("POST", "/authors", { slug, name: "X", jobTitle: "", bio: "" });
    expect(errorCode(again.body)).toBe("slug_taken");
    const edited = await send("PATCH", `/authors/${author.id}`, {
      slug,
      name: "Ben Hale",
      jobTitle: "Markets editor",
      bio: "",
    });
    expect(apiEndpoints.updateAuthor.answer.parse(edited.body).author.jobTitle).toBe(
      "Markets editor",
    );
    expect(await lastAudit("taxonomy.update")).toMatchObject({
      detail: { kind: "author", jobTitle: ["Business editor", "Markets editor"] },
    });
    const reader = await call("GET", `/api/authors/${slug}`);
    expect(reader.status).toBe(200);

    const tagSlug = uniqueSlug("tag");
    const tag = await send("POST", "/tags", { slug: tagSlug, name: "Tides", description: "" });
    expect(tag.status).toBe(201);
    const { id } = apiEndpoints.createTag.answer.parse(tag.body).tag;
    const clash = await send("PATCH", `/tags/${id}`, {
      slug: fixture.tag,
      name: "Tides",
      description: "",
    });
    expect(errorCode(clash.body)).toBe("slug_taken");
    expect(
      (await send("PATCH", "/tags/999999", { slug: "x", name: "X", description: "" })).status,
    ).toBe(404);
    expect((await send("POST", "/tags", { slug: "x", name: "", description: "" })).status).toBe(
      400,
    );
  });
});

describe("lead images", () => {
  it("lists lead images newest first, searching alt text and caption", async () => {
    const word = uniqueSlug("lighthouse");
    const lead = await createImage(db, { alt: `A ${word} at night`, kind: "lead" });
    await createImage(db, { alt: `A ${word} portrait`, kind: "portrait" });
    const byCaption = await createImage(db, { caption: `Beyond the ${word}.`, kind: "lead" });
    const answer = await send("GET", `/images?q=${word}`);
    expect(answer.status).toBe(200);
    const { images } = apiEndpoints.deskImages.answer.parse(answer.body);
    expect(images.map((image) => image.id)).toEqual([byCaption.id, lead.id]);
    expect(images[1]).toMatchObject({ src: `/images/${lead.id}.svg`, width: 1200 });
    const percent = await send("GET", "/images?q=%25");
    expect(apiEndpoints.deskImages.answer.parse(percent.body).images).toEqual([]);
    expect((await send("GET", "/images?kind=portrait")).status).toBe(400);
  });
});
