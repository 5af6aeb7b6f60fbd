import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column` holds `words` anywhere, ignoring ASCII case (as LIKE did), every character literal.
 * Not LIKE: D1 refuses a LIKE pattern over 50 bytes (a story's slug is often longer), and
 * `instr` needs no escaping of `%` and `_`.
 */
export function containsText(column: SQLWrapper, words: string): SQL {
  return sql`instr(lower(${column}), lower(${words})) > 0`;
}
