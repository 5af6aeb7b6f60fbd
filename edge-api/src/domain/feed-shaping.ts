import type { ArticleListRow } from "../db/schema.ts";
import type { FeedResponse, FeedSubject } from "../contract/feed-and-sitemap-contract.ts";
import { toArticleCard } from "./article-shaping.ts";
import { parseStoredBody } from "./body-blocks.ts";
import type { CardRefs } from "./article-shaping.ts";

/** Only the fields the contract names: a row spread into the subject carries more. */
function subjectOf(subject: FeedSubject): FeedSubject {
  switch (subject.kind) {
    case "site":
      return { kind: "site" };
    case "section":
    case "tag":
      return {
        kind: subject.kind,
        slug: subject.slug,
        name: subject.name,
        description: subject.description,
      };
    case "author":
      return { kind: "author", slug: subject.slug, name: subject.name, title: subject.title };
  }
}

export function toFeed(
  subject: FeedSubject,
  rows: readonly ArticleListRow[],
  refs: CardRefs,
  /** Stored bodies by article id; each goes through the body gate again on the way out. */
  bodies: ReadonlyMap<number, string> = new Map(),
): FeedResponse {
  const newest = rows.reduce<Date | null>(
    (latest, row) => (latest === null || row.updatedAt > latest ? row.updatedAt : latest),
    null,
  );
  return {
    subject: subjectOf(subject),
    updatedAt: newest?.toISOString() ?? null,
    articles: rows.map((row) => {
      const body = bodies.get(row.id);
      return {
        ...toArticleCard(row, refs),
        updatedAt: row.updatedAt.toISOString(),
        ...(body === undefined ? {} : { body: parseStoredBody(body) }),
      };
    }),
  };
}
