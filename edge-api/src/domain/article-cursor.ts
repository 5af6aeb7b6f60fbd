import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

/**
 * The keyset cursor of a listing: the position of the last article on a page, as an opaque
 * base64url string of `<publishedAt ISO>_<id>`. Clients pass it back as `before`.
 */
export interface ArticleCursor {
  publishedAt: Date;
  id: number;
}

const MAX_CURSOR_LENGTH = 64;
const DECODED_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([1-9]\d{0,14})$/;

export function encodeCursor(cursor: ArticleCursor): string {
  return encodeOpaqueCursor(`${cursor.publishedAt.toISOString()}_${cursor.id}`);
}

/** Returns null for anything that is not a cursor this API issued. */
export function decodeCursor(value: string): ArticleCursor | null {
  const raw = decodeOpaqueCursor(value, MAX_CURSOR_LENGTH);
  if (raw === null) return null;
  const match = DECODED_PATTERN.exec(raw);
  if (!match?.[1] || !match[2]) return null;
  const publishedAt = new Date(match[1]);
  if (Number.isNaN(publishedAt.getTime()) || publishedAt.toISOString() !== match[1]) return null;
  return { publishedAt, id: Number(match[2]) };
}
