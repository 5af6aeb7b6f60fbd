import { eq, and } from "drizzle-orm";
import type { RedirectTarget } from "../contract/redirect-contract.ts";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { legacyRedirects } from "./import-schema.ts";
import { articles, categories, pages, sections } from "./schema.ts";

/**
 * Where the old address `path` (a `legacyPathKey`) leads now, or null: no such old address, or
 * its article is one readers may not see (a draft, scheduled or taken down: nothing leaks).
 * The new address is read, not stored, so a later change of slug, section or category is
 * followed. One query on the primary key.
 */
export async function findLegacyRedirect(
  db: Database,
  path: string,
  now: Date,
): Promise<RedirectTarget | null> {
  const [row] = await db
    .select({
      articleSlug: articles.slug,
      sectionSlug: sections.slug,
      categorySlug: categories.slug,
      pageSlug: pages.slug,
    })
    .from(legacyRedirects)
    .leftJoin(articles, and(eq(articles.id, legacyRedirects.articleId), isVisibleArticle(now)))
    .leftJoin(sections, eq(sections.id, articles.sectionId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(pages, eq(pages.id, legacyRedirects.pageId))
    .where(eq(legacyRedirects.path, path))
    .limit(1);
  if (!row) return null;
  const { articleSlug, sectionSlug, categorySlug, pageSlug } = row;
  if (articleSlug !== null && sectionSlug !== null && categorySlug !== null) {
    return { kind: "article", section: sectionSlug, category: categorySlug, slug: articleSlug };
  }
  return pageSlug === null ? null : { kind: "page", slug: pageSlug };
}
