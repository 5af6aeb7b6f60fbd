import type { Context } from "hono";
import type { AuditAction } from "../contract/newsroom-contract.ts";
import type { AuditRecord } from "../db/audit-queries.ts";
import { loadDeskTaxonomy } from "../db/taxonomy-write-queries.ts";
import { toDeskAuthor, toDeskSection, toDeskTag } from "../domain/desk-taxonomy-shaping.ts";
import { ApiError } from "./api-errors.ts";
import type { AppEnv } from "./app-env.ts";

/** The taxonomy routes' shared steps: audit entries, refusals and the whole map's answer. */

type DeskContext = Context<AppEnv>;

export function audit(
  c: DeskContext,
  action: AuditAction,
  subject: string,
  detail: Record<string, unknown>,
): AuditRecord {
  return { at: c.var.now, actorId: c.var.staff.accountId, action, subject, detail };
}

export function slugTaken(what: string): ApiError {
  return new ApiError("slug_taken", `Another ${what} already has that slug.`, { field: "slug" });
}

/** What changed between a row and a write, for the audit log: `{ name: [old, new] }`. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(after)
      .filter(([key, value]) => before[key] !== value)
      .map(([key, value]) => [key, [before[key], value]]),
  );
}

export async function taxonomyAnswer(c: DeskContext) {
  const { sectionRows, categoryRows, authorRows, tagRows } = await loadDeskTaxonomy(c.var.db);
  return {
    sections: sectionRows.map((row) => toDeskSection(row, categoryRows)),
    authors: authorRows.map(toDeskAuthor),
    tags: tagRows.map(toDeskTag),
  };
}

export function sectionProblem(problem: "reserved" | "malformed"): ApiError {
  return problem === "reserved"
    ? new ApiError(
        "reserved_slug",
        "That slug is one of the site's own addresses; choose another for the section.",
        { field: "slug" },
      )
    : new ApiError("invalid_request", "A slug is lower-case letters, digits and hyphens.");
}
