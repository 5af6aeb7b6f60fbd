import type { AuditAction, AuditEntry } from "edge-api/contract/newsroom";
import { hrefFor } from "shell/contract/addresses";
import { formatInstantDateTime } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { AccountContext, AccountRoute } from "../../worker/account-context.ts";
import { AccountError } from "../../worker/fragment-errors.ts";
import type { AuditView } from "../ui/newsroom-view.ts";
import { ADMINS_ONLY, deskPage, doorFor } from "./newsroom-answers.ts";

/**
 * `/newsroom/audit` (admins): the audit log, newest first, a page at a time by the API's cursor
 * (`?cursor=`). Times are in the publication's time zone; each entry's detail becomes one
 * "field: old → new" line per field (camelCase names in words). Nothing here writes.
 */

const actionLabels: Record<AuditAction, string> = {
  "story.create": "Created a story",
  "story.submit": "Submitted a story for review",
  "story.publish": "Published a story",
  "story.schedule": "Scheduled a story",
  "story.unpublish": "Unpublished a story",
  "story.return": "Returned a story to draft",
  "story.restore": "Restored a revision",
  "story.correct": "Added a correction",
  "story.slug": "Changed a story's address",
  "taxonomy.create": "Created a section, category, author or tag",
  "taxonomy.update": "Changed a section, category, author or tag",
  "taxonomy.reorder": "Reordered the sections",
  "staff.invite": "Invited someone to the staff",
  "staff.invite-revoked": "Withdrew an invitation",
  "staff.join": "Joined the staff",
  "staff.role": "Changed a role",
  "staff.remove": "Removed someone from the staff",
  "staff.second-factor": "Set up two-step verification",
  "front-page.update": "Changed the front page",
  "banner.on": "Turned the breaking-news banner on",
  "banner.off": "Turned the breaking-news banner off",
  "live.start": "Started a live blog",
  "live.end": "Ended a live blog",
  "live.post": "Posted a live update",
  "live.edit": "Corrected a live update",
  "live.delete": "Deleted a live update",
  "media.upload": "Uploaded a photograph",
  "media.update": "Edited a photograph's details",
  "print.edition.create": "Planned an edition of the paper",
  "print.placements.update": "Changed a page of the paper",
  "print.books.update": "Changed the pages of an edition",
  "print.edition.publish": "Published an edition of the paper",
  "print.template.update": "Changed the paper's usual books",
  "print.settings.update": "Changed the days without a paper",
  "import.batch": "Imported stories",
  "import.upload": "Uploaded an export to import",
  "import.run": "Started an import",
};

const MAX_VALUE_LENGTH = 200;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One value of a detail as text: nothing is "(none)", an instant is a time in the
 * publication's zone, objects are their JSON, cut short.
 */
function valueText(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (typeof value === "string" && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
    return formatInstantDateTime(value, timeZone);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** `secondFactor` -> `second factor`: the API's field names, in words. */
function fieldName(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** `{ role: ["editor", "admin"] }` -> `["role: editor → admin"]`; a lone value stays as it is. */
export function detailLines(detail: AuditEntry["detail"], timeZone: string): string[] {
  const text = (value: unknown) => valueText(value, timeZone);
  return Object.entries(detail).map(([field, value]) =>
    Array.isArray(value) && value.length === 2
      ? `${fieldName(field)}: ${text(value[0])} → ${text(value[1])}`
      : `${fieldName(field)}: ${text(value)}`,
  );
}

export function shapeAuditEntry(entry: AuditEntry, timeZone: string): AuditView["entries"][number] {
  return {
    id: entry.id,
    at: formatInstantDateTime(entry.at, timeZone),
    atIso: entry.at,
    actor: entry.actor?.displayName ?? "The system",
    action: actionLabels[entry.action],
    subject: entry.subject,
    lines: detailLines(entry.detail, timeZone),
  };
}

/** The API makes its cursors and says whether one is good; a very long one is not. */
const MAX_CURSOR_LENGTH = 500;

async function show(context: AccountContext): Promise<LoadOutcome> {
  const { api, env, publication, query } = context;
  const asked = context.isPost ? null : query.get("cursor");
  const cursor = asked && asked.length <= MAX_CURSOR_LENGTH ? asked : undefined;
  const stale = asked !== null && cursor === undefined;
  const answer = stale ? null : await api.call("auditLog", { query: cursor ? { cursor } : {} });
  const base: AuditView = {
    view: "newsroom-audit",
    publication,
    timeZone: env.PUBLICATION_TIME_ZONE,
    entries: [],
    olderHref: null,
    newestHref: asked === null ? null : hrefFor("account.newsroom-audit"),
    problems: [],
  };
  // `invalid_cursor`, or any other 400 about the query: the cursor is all it takes.
  if (answer === null || (!answer.ok && answer.status === 400)) {
    const problem = {
      fieldId: null,
      message: "That page of the log could not be found. Start again from the newest entries.",
    };
    return deskPage({ ...base, problems: [problem] }, { status: 400, problems: [problem] });
  }
  if (!answer.ok) {
    const door = doorFor(answer, context, ADMINS_ONLY);
    if (door) return door;
    throw new AccountError("api_unavailable", `${answer.status} ${answer.code}`);
  }
  const { entries, nextCursor } = answer.data;
  return deskPage({
    ...base,
    entries: entries.map((entry) => shapeAuditEntry(entry, env.PUBLICATION_TIME_ZONE)),
    olderHref: nextCursor ? hrefFor("account.newsroom-audit", {}, { cursor: nextCursor }) : null,
  });
}

export const auditRoute: AccountRoute = {
  render: (context) => show(context),
  // The log has no forms; a post shows it as a GET would.
  submit: (context) => show(context),
};
