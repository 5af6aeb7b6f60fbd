import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import { sections, users } from "./schema.ts";
import { reservedSectionSlugs } from "../domain/reserved-slugs.ts";
import { expectDatabaseError } from "../test/expect-db-error.ts";

describe("database constraints", () => {
  const db = createDatabase(env.DB);

  it("refuses a reserved section slug", async () => {
    await expectDatabaseError(
      db.insert(sections).values({ slug: "login", name: "Login", position: 1 }),
      /CHECK constraint failed: sections_slug_not_reserved/,
    );
  });

  it("refuses every reserved word, and accepts an ordinary slug", async () => {
    for (const slug of reservedSectionSlugs) {
      await expect(
        env.DB.prepare("INSERT INTO sections (slug, name, position) VALUES (?, 'x', 1)")
          .bind(slug)
          .run(),
      ).rejects.toThrow(/CHECK constraint failed/);
    }
    await db.insert(sections).values({ slug: "science", name: "Science", position: 1 });
    expect(await db.select().from(sections)).toHaveLength(1);
  });

  it("keeps emails lower-cased", async () => {
    const user = {
      id: "u1",
      displayName: "Ines",
      passwordHash: "x",
      createdAt: new Date(),
    };
    await expectDatabaseError(
      db.insert(users).values({ ...user, email: "Ines@Example.com" }),
      /CHECK constraint failed: users_email_lower_case/,
    );
    await db.insert(users).values({ ...user, email: "ines@example.com" });
  });
});
