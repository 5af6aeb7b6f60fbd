import type { ArticleDetail } from "edge-api/contract/content";
import { clampText } from "./page-heads.ts";

/**
 * A live blog's structured data (issue 16): the article's JSON-LD becomes a `LiveBlogPosting`
 * (schema.org's live coverage, still an Article with every field it had) with when the
 * coverage started and, once ended, when it ended, and each update on the page as a
 * `BlogPosting` at its own anchor. An ordinary article's JSON-LD is returned as it was.
 */
export function withLiveBlog(
  jsonLd: Record<string, unknown>,
  article: ArticleDetail,
  canonicalUrl: string,
): Record<string, unknown> {
  const { live } = article;
  if (!live) return jsonLd;
  return {
    ...jsonLd,
    "@type": "LiveBlogPosting",
    coverageStartTime: live.startedAt,
    ...(live.endedAt ? { coverageEndTime: live.endedAt } : {}),
    liveBlogUpdate: live.updates.map((update) => {
      const text = update.paragraphs
        .map((runs) => runs.map((run) => run.text).join(""))
        .join("\n\n");
      return {
        "@type": "BlogPosting",
        headline: clampText(text, 110),
        articleBody: text,
        datePublished: update.postedAt,
        dateModified: update.updatedAt,
        url: `${canonicalUrl}#update-${update.id}`,
      };
    }),
  };
}
