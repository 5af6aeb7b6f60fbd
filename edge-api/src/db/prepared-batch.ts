import { fillPlaceholders, sql } from "drizzle-orm";
import type { Placeholder, Query } from "drizzle-orm";
import type { Database } from "./database.ts";

/**
 * Statements built once per isolate (issue 19, docs/performance.md). drizzle builds a query's
 * SQL text from its builder objects on every call, about 50 µs a statement on this runtime; a
 * page that is read on every request asks the same statements with other values, so they are
 * built once with `sql.placeholder(...)` and only bound per request, and sent as one D1 batch.
 */

/** What `runPrepared` needs of a drizzle `.prepare()`d select. */
export interface PreparedSelect<Row> {
  getQuery(): Query;
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
  all(values?: Record<string, unknown>): Promise<Row[]>;
}

type RowsOf<T> = {
  -readonly [K in keyof T]: T[K] extends PreparedSelect<infer Row> ? Row[] : never;
};

/**
 * A set of prepared selects made by `build` once for each D1 database the isolate is given (the
 * binding is the same object for every request of an isolate; a test's fresh database gets its
 * own set).
 */
export function preparedOnce<T extends readonly PreparedSelect<unknown>[]>(
  build: (db: Database) => T,
): (db: Database) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    let set = built.get(db.$client);
    if (!set) {
      set = build(db);
      built.set(db.$client, set);
    }
    return set;
  };
}

/**
 * Runs prepared selects as one D1 batch (one round trip) with `values` for their placeholders,
 * and maps each result as drizzle's own batch does (rows keyed by column name, so no statement
 * may select two columns of one name).
 */
export async function runPrepared<T extends readonly PreparedSelect<unknown>[]>(
  db: Database,
  queries: T,
  values: Record<string, unknown>,
): Promise<RowsOf<T>> {
  const statements = queries.map((query) => {
    const built = query.getQuery();
    return db.$client.prepare(built.sql).bind(...fillPlaceholders(built.params, values));
  });
  const results = await db.$client.batch(statements);
  return results.map((result, index) => queries[index]?.mapAllResult(result, true)) as RowsOf<T>;
}

/**
 * A moment in a query: a `Date`, or (in a statement built once) the placeholder `nowMs`, filled
 * with the request's time in epoch milliseconds. Timestamps are stored as epoch milliseconds.
 */
export type QueryMoment = Date | Placeholder<"nowMs">;

/** The moment as the bound value of a comparison with a timestamp column. */
export function momentValue(now: QueryMoment): number | Placeholder<"nowMs"> {
  return now instanceof Date ? now.getTime() : now;
}

/** The placeholder of `QueryMoment`, for statements built once. */
export const NOW_MS = sql.placeholder("nowMs");
