import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import siteRoutes from "../contract/site-routes.generated.json" with { type: "json" };
import { checkSectionSlug, SLUG_PATTERN } from "../domain/section-slugs.ts";
import { createDatabase } from "./database.ts";
import { createSection, renameSection } from "./section-writes.ts";

const db = createDatabase(env.DB);

describe("section writes", () => {
  it("refuse every reserved word of the shell's route table, and malformed slugs", async () => {
    for (const slug of siteRoutes.reservedSectionSlugs) {
      // `_dev`, `robots.txt` and the like cannot even be slugs; the others are reserved.
      const problem = SLUG_PATTERN.test(slug) ? "reserved" : "malformed";
      expect(await createSection(db, { slug, name: "x", position: 1 })).toEqual({
        ok: false,
        problem,
      });
    }
    for (const slug of ["", "Upper", "two  words", "-edge", "a".repeat(121)]) {
      expect(await createSection(db, { slug, name: "x", position: 1 })).toMatchObject({
        problem: "malformed",
      });
    }
  });

  it("create and rename ordinary sections, and refuse a rename to a reserved word", async () => {
    const made = await createSection(db, { slug: "science", name: "Science", position: 1 });
    if (!made.ok) throw new Error("not created");
    expect(await renameSection(db, made.section.id, "todays-paper")).toEqual({
      ok: false,
      problem: "reserved",
    });
    const renamed = await renameSection(db, made.section.id, "science-and-health");
    expect(renamed.ok && renamed.section.slug).toBe("science-and-health");
  });

  it("reserve a new static route with no migration: the list is data, not a CHECK", () => {
    // What happens when the shell adds a route such as `/obituaries`: the generated list gains the word, and
    // the same check refuses it; the database itself accepts any slug (schema.test.ts).
    const withObituaries = new Set([...siteRoutes.reservedSectionSlugs, "obituaries"]);
    expect(checkSectionSlug("obituaries")).toBeNull();
    expect(checkSectionSlug("obituaries", withObituaries)).toBe("reserved");
    expect(checkSectionSlug("newsroom")).toBe("reserved");
  });
});
