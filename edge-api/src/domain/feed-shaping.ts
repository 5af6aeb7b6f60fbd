import type { ArticleListRow } from "../db/schema.ts";
import type { FeedResponse } from "../contract/content-contract.ts";
import { toArticleCard } from "./article-shaping.ts";
import type { CardRefs } from "./article-shaping.ts";

export const SITE_NAME = "The Daily Edge";

export type FeedSubject =
  | { kind: "site" }
  | { kind: "section"; slug: string; name: string; description: string }
  | { kind: "author"; slug: string; name: string; title: string }
  | { kind: "tag"; slug: string; name: string; description: string };

function describe(subject: FeedSubject): Pick<FeedResponse, "title" | "description" | "path"> {
  switch (subject.kind) {
    case "site":
      return {
        title: SITE_NAME,
        description: `The newest articles from ${SITE_NAME}.`,
        path: "/",
      };
    case "section":
      return {
        title: `${subject.name} | ${SITE_NAME}`,
        description: subject.description,
        path: `/${subject.slug}`,
      };
    case "author":
      return {
        title: `${subject.name} | ${SITE_NAME}`,
        description: `The newest articles by ${subject.name}, ${subject.title}.`,
        path: `/authors/${subject.slug}`,
      };
    case "tag":
      return {
        title: `${subject.name} | ${SITE_NAME}`,
        description: subject.description,
        path: `/tags/${subject.slug}`,
      };
  }
}

export function toFeed(
  subject: FeedSubject,
  rows: readonly ArticleListRow[],
  refs: CardRefs,
): FeedResponse {
  const newest = rows.reduce<Date | null>(
    (latest, row) => (latest === null || row.updatedAt > latest ? row.updatedAt : latest),
    null,
  );
  return {
    ...describe(subject),
    updatedAt: newest?.toISOString() ?? null,
    articles: rows.map((row) => ({
      ...toArticleCard(row, refs),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}
