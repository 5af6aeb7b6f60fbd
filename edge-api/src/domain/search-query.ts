import type { SnippetPart } from "../contract/search-contract.ts";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

/**
 * Turning what a reader typed into a safe FTS5 expression, and FTS5's snippets into parts.
 * Only runs of letters, digits and combining marks survive as terms, and each is quoted, so
 * FTS operators (`OR`, `NEAR(`, `*`, `-`, `"`, column filters) are plain words or nothing.
 */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 12;
const TERM_PATTERN = /[\p{L}\p{N}\p{M}]+/gu;

/** The terms of a query, lower-cased, at most 12 from the first 200 characters. */
export function searchTerms(query: string): string[] {
  const terms = query.slice(0, MAX_QUERY_LENGTH).toLowerCase().match(TERM_PATTERN) ?? [];
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/** Every term must match (implicit AND). Null when nothing searchable is left. */
export function toFtsExpression(query: string): string | null {
  const terms = searchTerms(query);
  return terms.length === 0 ? null : terms.map((term) => `"${term}"`).join(" ");
}

/** Private-use characters that cannot occur in stored text (the sanitizer strips them). */
export const MATCH_START = "\ue000";
export const MATCH_END = "\ue001";

/** Splits a marked snippet into plain-text parts; stray markers are dropped. */
export function toSnippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (text.length === 0) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  let rest = marked;
  while (rest.length > 0) {
    const start = rest.indexOf(MATCH_START);
    if (start === -1) {
      push(rest.replaceAll(MATCH_END, ""), false);
      break;
    }
    push(rest.slice(0, start).replaceAll(MATCH_END, ""), false);
    const afterStart = rest.slice(start + 1);
    const end = afterStart.indexOf(MATCH_END);
    const matched = end === -1 ? afterStart : afterStart.slice(0, end);
    push(matched.replaceAll(MATCH_START, ""), true);
    rest = end === -1 ? "" : afterStart.slice(end + 1);
  }
  return parts;
}

/**
 * The keyset position in a result list, of the sort it belongs to (issue 15): by relevance the
 * last result's tier (0 to 2, issue 19) and id, by newest its publication time and id. Opaque
 * base64url of `relevance_<tier>_<id>` or `newest_<epoch ms>_<id>` to callers, so a cursor of
 * one sort is refused by the other.
 */
export type SearchCursor =
  | { sort: "relevance"; score: number; id: number }
  | { sort: "newest"; publishedAt: Date; id: number };

const MAX_CURSOR_LENGTH = 128;
/** A relevance tier (`search-queries.ts`); an older bm25 score is refused, not misread. */
const RELEVANCE_PATTERN = /^relevance_([0-2])_([1-9]\d{0,14})$/;
const NEWEST_PATTERN = /^newest_(\d{1,15})_([1-9]\d{0,14})$/;

export function encodeSearchCursor(cursor: SearchCursor): string {
  const position =
    cursor.sort === "relevance" ? String(cursor.score) : String(cursor.publishedAt.getTime());
  return encodeOpaqueCursor(`${cursor.sort}_${position}_${cursor.id}`);
}

export function decodeSearchCursor(value: string): SearchCursor | null {
  const raw = decodeOpaqueCursor(value, MAX_CURSOR_LENGTH);
  if (raw === null) return null;
  const relevance = RELEVANCE_PATTERN.exec(raw);
  if (relevance?.[1] && relevance[2]) {
    const score = Number(relevance[1]);
    if (!Number.isFinite(score)) return null;
    return { sort: "relevance", score, id: Number(relevance[2]) };
  }
  const newest = NEWEST_PATTERN.exec(raw);
  if (newest?.[1] && newest[2]) {
    const publishedAt = new Date(Number(newest[1]));
    if (Number.isNaN(publishedAt.getTime())) return null;
    return { sort: "newest", publishedAt, id: Number(newest[2]) };
  }
  return null;
}
