import type { WorkflowAction } from "../contract/newsroom-contract.ts";
import type { ArticleRow } from "../db/schema.ts";
import { storyStatus } from "../domain/story-status.ts";
import { ApiError } from "./api-errors.ts";

/** The story desk's workflow steps: what each stores, and what a refusal says. */

type StatusChange = Partial<
  Pick<ArticleRow, "status" | "publishedAt" | "submittedAt" | "unpublishedAt">
>;

/** What a workflow step stores, its revision note and what the audit log says of it. */
export function workflowStep(
  action: WorkflowAction,
  publishAt: string | undefined,
  now: Date,
): { status: StatusChange; note: string; detail: Record<string, unknown> } {
  switch (action) {
    case "submit":
      return { status: { submittedAt: now }, note: "Submitted for review", detail: {} };
    case "return":
      return { status: { submittedAt: null }, note: "Returned to the writer", detail: {} };
    case "publish":
      return {
        status: { status: "published", publishedAt: now, submittedAt: null, unpublishedAt: null },
        note: "Published",
        detail: { publishedAt: now.toISOString() },
      };
    case "schedule": {
      const at = publishAt === undefined ? null : new Date(publishAt);
      if (!at || Number.isNaN(at.getTime())) {
        throw new ApiError("invalid_story", "Give the date and time to publish at.", {
          field: "publishAt",
        });
      }
      if (at.getTime() <= now.getTime()) {
        throw new ApiError(
          "invalid_story",
          "The time to publish at has passed; choose a time ahead, or publish now.",
          { field: "publishAt" },
        );
      }
      return {
        status: { status: "published", publishedAt: at, submittedAt: null, unpublishedAt: null },
        note: `Scheduled for ${at.toISOString()}`,
        detail: { publishAt: at.toISOString() },
      };
    }
    case "unpublish":
      return {
        status: { status: "draft", unpublishedAt: now, submittedAt: null },
        note: "Unpublished",
        detail: {},
      };
  }
}

export function forbiddenMessage(action: WorkflowAction): string {
  return action === "submit"
    ? "Contributors may submit only their own drafts."
    : "Only editors and admins may do that to a story.";
}

export function conflictMessage(action: WorkflowAction, row: ArticleRow, now: Date): string {
  const status = storyStatus(row, now);
  switch (action) {
    case "submit":
      return `The story is ${status}; only a draft can be submitted.`;
    case "return":
      return `The story is ${status}; only a submitted story can be returned.`;
    case "publish":
      return "The story is already published.";
    case "schedule":
      return "The story is already published; unpublish it first to schedule it.";
    case "unpublish":
      return `The story is ${status}; only a published or scheduled story can be unpublished.`;
  }
}
