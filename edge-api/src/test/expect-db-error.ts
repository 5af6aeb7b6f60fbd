import { expect } from "vitest";

/** Drizzle wraps driver errors ("Failed query: ..."); the constraint text is on `cause`. */
export async function expectDatabaseError(work: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error: unknown = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "expected the database to refuse the write").toBeInstanceOf(Error);
  const cause = (error as Error).cause;
  expect(String(cause instanceof Error ? cause.message : (error as Error).message)).toMatch(
    pattern,
  );
}
