import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import { eq } from "drizzle-orm";
import { articles, sections } from "./schema.ts";
import { media } from "./media-schema.ts";
import { savedArticles, users } from "./account-schema.ts";
import { createArticle, createDesk, createImage } from "../test/factories.ts";
import { expectDatabaseError } from "../test/expect-db-error.ts";

describe("database constraints", () => {
  const db = createDatabase(env.DB);

  it("accepts any slug itself: reserved words are refused in code (migration 0007)", async () => {
    await db.insert(sections).values({ slug: "newsroom", name: "Newsroom", position: 1 });
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

  it("keeps emails trimmed, one account per address, and starts accounts as readers", async () => {
    const user = { displayName: "Ola", passwordHash: "x", createdAt: new Date() };
    await expectDatabaseError(
      db.insert(users).values({ ...user, id: "u2", email: " ola@example.com" }),
      /CHECK constraint failed: users_email_trimmed/,
    );
    await db.insert(users).values({ ...user, id: "u3", email: "ola@example.com" });
    await expectDatabaseError(
      db.insert(users).values({ ...user, id: "u4", email: "ola@example.com" }),
      /UNIQUE constraint failed: users.email/,
    );
    const [row] = await db.select().from(users).where(eq(users.id, "u3"));
    expect(row).toMatchObject({ role: "reader", emailVerified: false });
    expect((await db.select().from(users).where(eq(users.role, "editor"))).length).toBe(0);
  });

  it("saves an article once per account", async () => {
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category });
    await db.insert(users).values({
      id: "u5",
      email: "saver@example.com",
      displayName: "S",
      passwordHash: "x",
      createdAt: new Date(),
    });
    const saved = { userId: "u5", articleId: article.id, savedAt: new Date() };
    await db.insert(savedArticles).values(saved);
    await expectDatabaseError(db.insert(savedArticles).values(saved), /UNIQUE constraint failed/);
  });

  it("gives a story a lead illustration or a lead photograph, never both (migration 0017)", async () => {
    const { category } = await createDesk(db);
    const image = await createImage(db);
    const now = new Date();
    const photoId = "0123456789abcdef0123456789abcdef";
    await db.insert(media).values({
      id: photoId,
      r2Key: `originals/${photoId}`,
      format: "jpeg",
      width: 640,
      height: 480,
      bytes: 1000,
      alt: "A photograph",
      createdAt: now,
      updatedAt: now,
    });
    await expectDatabaseError(
      createArticle(db, { category, leadImageId: image.id, leadMediaId: photoId }),
      /a lead illustration or a lead photograph, not both/,
    );
    const article = await createArticle(db, { category, leadMediaId: photoId });
    await expectDatabaseError(
      db.update(articles).set({ leadImageId: image.id }).where(eq(articles.id, article.id)),
      /a lead illustration or a lead photograph, not both/,
    );
    // Swapping one for the other in one write is fine.
    await db
      .update(articles)
      .set({ leadImageId: image.id, leadMediaId: null })
      .where(eq(articles.id, article.id));
    await expectDatabaseError(
      createArticle(db, { category, leadMediaId: "ffffffffffffffffffffffffffffffff" }),
      /FOREIGN KEY constraint failed/,
    );
  });
});
