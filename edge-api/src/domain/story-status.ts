import type { StaffRole, StoryStatus, WorkflowAction } from "../contract/newsroom-contract.ts";
import type { ArticleRow } from "../db/schema.ts";

/**
 * A story's newsroom status, derived from the stored one and the clock (migration 0008): only
 * `draft` and `published` are stored. Published with `published_at` ahead is scheduled, and
 * it goes live when the clock reaches it with nobody pressing a button: readers see exactly
 * what `isVisibleArticle` lets through. A draft with `unpublished_at` was taken down (readers
 * get 410); a draft with `submitted_at` waits for an editor.
 */

export type StatusColumns = Pick<
  ArticleRow,
  "status" | "publishedAt" | "submittedAt" | "unpublishedAt" | "createdBy"
>;

export function storyStatus(row: StatusColumns, now: Date): StoryStatus {
  if (row.status === "published") {
    return row.publishedAt && row.publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
  }
  if (row.unpublishedAt) return "unpublished";
  if (row.submittedAt) return "submitted";
  return "draft";
}

/** Readers could have seen it: it went live once (published now, or taken down since). */
export function hasBeenLive(row: StatusColumns, now: Date): boolean {
  const status = storyStatus(row, now);
  return status === "published" || status === "unpublished";
}

export interface Caller {
  accountId: string;
  role: StaffRole;
}

const isEditor = (caller: Caller) => caller.role !== "contributor";
const isOwn = (row: StatusColumns, caller: Caller) => row.createdBy === caller.accountId;

/** A contributor works on their own stories only; editors and admins on every story. */
export function mayOpen(row: StatusColumns, caller: Caller): boolean {
  return isEditor(caller) || isOwn(row, caller);
}

/**
 * Contributors edit their own drafts until they submit them, and never a story that has
 * been scheduled or live; editors and admins edit anything.
 */
export function mayEdit(row: StatusColumns, caller: Caller, now: Date): boolean {
  if (isEditor(caller)) return true;
  return isOwn(row, caller) && storyStatus(row, now) === "draft" && row.publishedAt === null;
}

/**
 * Why `action` may not happen now, or null when it may: `forbidden` (the role may not) or
 * `conflict` (not from this status).
 */
export function workflowRefusal(
  action: WorkflowAction,
  row: StatusColumns,
  caller: Caller,
  now: Date,
): "forbidden" | "conflict" | null {
  const status = storyStatus(row, now);
  if (action === "submit") {
    if (!isEditor(caller) && !isOwn(row, caller)) return "forbidden";
    if (status !== "draft") return "conflict";
    return isEditor(caller) || row.publishedAt === null ? null : "forbidden";
  }
  if (!isEditor(caller)) return "forbidden";
  switch (action) {
    case "return":
      return status === "submitted" ? null : "conflict";
    case "publish":
      return status === "published" ? "conflict" : null;
    case "schedule":
      return status === "published" ? "conflict" : null;
    case "unpublish":
      return status === "published" || status === "scheduled" ? null : "conflict";
  }
}

/** What the caller may do with the story now: the screens hide what the API would refuse. */
export function storyPermissions(row: StatusColumns, caller: Caller, now: Date) {
  const may = (action: WorkflowAction) => workflowRefusal(action, row, caller, now) === null;
  return {
    edit: mayEdit(row, caller, now),
    submit: may("submit"),
    publish: may("publish"),
    unpublish: may("unpublish"),
    correct: isEditor(caller) && storyStatus(row, now) === "published",
  };
}
