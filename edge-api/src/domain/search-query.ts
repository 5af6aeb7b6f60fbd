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
 * The keyset position in a ranked result list: the last result's score and id. Opaque
 * base64url of `<score>_<id>` to callers.
 */
export interface SearchCursor {
  score: number;
  id: number;
}

const MAX_CURSOR_LENGTH = 96;
const DECODED_PATTERN = /^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)_([1-9]\d{0,14})$/;

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeOpaqueCursor(`${cursor.score}_${cursor.id}`);
}

export function decodeSearchCursor(value: string): SearchCursor | null {
  const raw = decodeOpaqueCursor(value, MAX_CURSOR_LENGTH);
  if (raw === null) return null;
  const match = DECODED_PATTERN.exec(raw);
  if (!match?.[1] || !match[2]) return null;
  const score = Number(match[1]);
  if (!Number.isFinite(score)) return null;
  return { score, id: Number(match[2]) };
}
