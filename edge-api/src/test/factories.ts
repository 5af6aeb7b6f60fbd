import type { Database } from "../db/database.ts";
import { legacyRedirects } from "../db/import-schema.ts";
import {
  articleAuthors,
  articles,
  articleTags,
  authors,
  categories,
  images,
  pages,
  printEditions,
  printPages,
  printPlacements,
  sections,
  tags,
} from "../db/schema.ts";
import type {
  ArticleRow,
  AuthorRow,
  CategoryRow,
  ImageRow,
  PrintEditionRow,
  PrintPageRow,
  SectionRow,
  TagRow,
} from "../db/schema.ts";
import type { BodyBlock } from "../contract/article-contract.ts";

/** Small factories: each test builds only the rows it talks about. */
let counter = 0;
const nextSlug = (prefix: string) => `${prefix}-${++counter}`;

export const HOUR = 3_600_000;
export const hoursAgo = (hours: number, now = Date.now()) => new Date(now - hours * HOUR);

export async function createSection(
  db: Database,
  values: Partial<SectionRow> = {},
): Promise<SectionRow> {
  const [row] = await db
    .insert(sections)
    .values({ slug: nextSlug("section"), name: "Section", position: 1, ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function createCategory(
  db: Database,
  section: SectionRow,
  values: Partial<CategoryRow> = {},
): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({ sectionId: section.id, slug: nextSlug("category"), name: "Category", ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function createImage(db: Database, values: Partial<ImageRow> = {}): Promise<ImageRow> {
  const [row] = await db
    .insert(images)
    .values({
      kind: "lead",
      alt: "An abstract picture",
      caption: "A caption.",
      credit: "A credit",
      width: 1200,
      height: 675,
      seed: ++counter,
      hue: 200,
      ...values,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Every author gets a portrait unless `portraitImageId` is given (null for none). */
export async function createAuthor(
  db: Database,
  values: Partial<AuthorRow> = {},
): Promise<AuthorRow> {
  const portraitImageId =
    values.portraitImageId === undefined
      ? (await createImage(db, { kind: "portrait", width: 400, height: 400 })).id
      : values.portraitImageId;
  const [row] = await db
    .insert(authors)
    .values({
      slug: nextSlug("author"),
      name: "An Author",
      title: "Reporter",
      bio: "Writes.",
      ...values,
      portraitImageId,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function createTag(db: Database, values: Partial<TagRow> = {}): Promise<TagRow> {
  const [row] = await db
    .insert(tags)
    .values({ slug: nextSlug("tag"), name: "A tag", ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export interface ArticleFactoryOptions extends Partial<Omit<ArticleRow, "body">> {
  category: CategoryRow;
  body?: BodyBlock[];
  authors?: AuthorRow[];
  tags?: TagRow[];
}

export async function createArticle(
  db: Database,
  options: ArticleFactoryOptions,
): Promise<ArticleRow> {
  const { category, body, authors: byline = [], tags: tagged = [], ...values } = options;
  const publishedAt = values.publishedAt === undefined ? hoursAgo(1) : values.publishedAt;
  const [row] = await db
    .insert(articles)
    .values({
      slug: nextSlug("article"),
      sectionId: category.sectionId,
      categoryId: category.id,
      headline: "A headline",
      standfirst: "A standfirst.",
      body: JSON.stringify(body ?? [{ type: "paragraph", text: "Text." }]),
      status: "published",
      updatedAt: publishedAt ?? new Date(),
      ...values,
      publishedAt,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  if (byline.length > 0) {
    await db
      .insert(articleAuthors)
      .values(
        byline.map((author, position) => ({ articleId: row.id, authorId: author.id, position })),
      );
  }
  if (tagged.length > 0) {
    await db
      .insert(articleTags)
      .values(tagged.map((tag) => ({ articleId: row.id, tagId: tag.id })));
  }
  return row;
}

export async function createPage(db: Database, slug: string, body: BodyBlock[]) {
  const [row] = await db
    .insert(pages)
    .values({ slug, title: `Title of ${slug}`, body: JSON.stringify(body), updatedAt: new Date() })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** An imported publication's old address (`path` already a `legacyPathKey`) and its target. */
export async function createLegacyRedirect(
  db: Database,
  path: string,
  target: { articleId: number } | { pageId: number },
  origin = "ghost:https://old.example",
) {
  await db.insert(legacyRedirects).values({ path, origin, createdAt: new Date(), ...target });
}

/** An edition of `date`; it is visible once the publish hour of that date has passed. */
export async function createEdition(
  db: Database,
  date: string,
  values: Partial<Pick<PrintEditionRow, "status" | "publishAt">> = {},
): Promise<PrintEditionRow> {
  const [row] = await db
    .insert(printEditions)
    .values({ date, ...values })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

const BOOK_NAMES: Record<string, string> = {
  A: "News",
  B: "Business",
  C: "Culture",
  D: "Sport",
};

export async function createPrintPage(
  db: Database,
  edition: PrintEditionRow,
  book: string,
  number: number,
): Promise<PrintPageRow> {
  const bookName = BOOK_NAMES[book] ?? `Book ${book}`;
  const [row] = await db
    .insert(printPages)
    .values({ editionId: edition.id, book, bookName, number })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function placeArticle(
  db: Database,
  page: PrintPageRow,
  article: ArticleRow,
  order: number,
  printHeadline = `Print: ${article.headline}`,
  isLead = false,
) {
  await db
    .insert(printPlacements)
    .values({ pageId: page.id, articleId: article.id, order, printHeadline, isLead });
}

/** A section with one category: the least an article needs. */
export async function createDesk(db: Database, sectionValues: Partial<SectionRow> = {}) {
  const section = await createSection(db, sectionValues);
  const category = await createCategory(db, section);
  return { section, category };
}
