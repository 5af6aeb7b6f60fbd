import type { ApiFailure, ApiResult } from "edge-api/client";
import type { InlineRun } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import type { LiveDeskNotice, LiveDeskSentView, LiveDeskView } from "../ui/live-desk-views.ts";
import type { ProblemView } from "../ui/newsroom-views.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  need,
  newsroomPage,
  publicationView,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom/stories/:id/live` (issue 16, decision 0021): start and end a story's live blog,
 * post an update (text, paragraphs separated by a blank line, and a key-event box), correct
 * or delete one. Plain forms (post/redirect/get); every write names what it started from and
 * the API decides who may (editors and admins). Refusals come back on the form that was sent,
 * with its text kept.
 */

const TITLE = "Live blog";
const ID = /^[1-9]\d{0,14}$/;

type Paragraphs = InlineRun[][];

interface Failed {
  problems: ProblemView[];
  status: PageStatus;
  sent: LiveDeskSentView | null;
}

/** The form's text as paragraphs of plain runs: a blank line between paragraphs. */
export function paragraphsOf(text: string): Paragraphs {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => [{ text: paragraph }]);
}

/** An update's paragraphs as the form shows them. */
export function textOf(paragraphs: Paragraphs): string {
  return paragraphs.map((runs) => runs.map((run) => run.text).join("")).join("\n\n");
}

async function renderPage(
  context: NewsroomContext,
  id: string,
  failed: Failed | null = null,
): Promise<LoadOutcome> {
  const [storyResult, liveResult] = await Promise.all([
    context.api.call("story", { params: { id } }),
    context.api.call("storyLive", { params: { id } }),
  ]);
  const { story } = need(context, storyResult, "open this story");
  const { live } = need(context, liveResult, "open this story's live blog");
  const done = context.isPost ? "" : (context.query.get("done") ?? "");
  const view: LiveDeskView = {
    view: "live",
    publication: publicationView(context.publication),
    action: hrefFor("content.newsroom-live", { id }),
    storyHref: hrefFor("content.newsroom-story", { id }),
    headline: story.fields.headline,
    publishable: story.status === "published" || story.status === "scheduled",
    state: live.state,
    startedAt: live.startedAt,
    endedAt: live.endedAt,
    canManage: live.canManage,
    updates: live.updates.map((update) => ({
      id: update.id,
      postedAt: update.postedAt,
      updatedAt: update.updatedAt,
      postedBy: update.postedBy?.displayName ?? null,
      updatedBy: update.updatedBy?.displayName ?? null,
      keyEvent: update.keyEvent,
      text: textOf(update.paragraphs),
      version: update.version,
    })),
    problems: failed?.problems ?? [],
    sent: failed?.sent ?? null,
    notice: isNotice(done) ? done : null,
  };
  return newsroomPage(context, TITLE, view, failed?.status ?? 200);
}

const noticeNames: readonly LiveDeskNotice[] = ["started", "ended", "posted", "edited", "deleted"];
function isNotice(value: string): value is LiveDeskNotice {
  return (noticeNames as readonly string[]).includes(value);
}

const conflictMessages: Readonly<Record<string, string>> = {
  start:
    "This story cannot go live: only a published story that is not live already can. Check its status.",
  end: "The live blog is not live (someone may have ended it already).",
  post: "The live blog is not live: start it before posting updates.",
};

const UPDATE_RULES =
  "An update needs some text: at most 20 paragraphs, each at most 3,000 characters.";

/** A refused write as the form's problems and the page's status, or null when not a form's. */
function refusal(failure: ApiFailure, intent: string, field: string): Failed | null {
  const problem = (message: string, status: PageStatus, on = "form"): Failed => ({
    problems: [{ field: on, message }],
    status,
    sent: null,
  });
  if (failure.code === "stale_revision") {
    return problem(
      "Someone else corrected or deleted this update since you opened the page. This is the live blog as it is now; make your change again if it is still needed.",
      409,
    );
  }
  if (failure.status === 409) {
    return problem(
      conflictMessages[intent] ?? "This conflicts with the live blog as it is now.",
      409,
    );
  }
  if (failure.code === "invalid_link") {
    return problem(
      "A link is not allowed. Links must start with https://, http://, mailto: or / (a page on this site).",
      422,
      field,
    );
  }
  if (failure.status === 422) return problem(UPDATE_RULES, 422, field);
  if (failure.status === 413) {
    return problem("The update is too long. Shorten it or split it in two.", 413, field);
  }
  if (failure.status === 400)
    return problem("This was refused. Check the form and try again.", 400);
  return null;
}

interface Write {
  result: ApiResult<unknown>;
  done: LiveDeskNotice;
  field: string;
  sent: LiveDeskSentView | null;
}

/** The update an edit or a delete names, with the version it started from; null if malformed. */
function named(form: Readonly<Record<string, string>>) {
  const update = form.update ?? "";
  const baseVersion = Number(form.baseVersion);
  if (!ID.test(update) || !Number.isInteger(baseVersion) || baseVersion < 1) return null;
  return { update, baseVersion };
}

async function write(context: NewsroomContext, id: string): Promise<Write | Failed> {
  const { api, form } = context;
  const intent = form.intent ?? "";
  const keyEvent = form.keyEvent === "on";
  const params = { id };
  if (intent === "start" || intent === "end") {
    const result = await api.call("setLiveState", { params, body: { action: intent } });
    return { result, done: intent === "start" ? "started" : "ended", field: "form", sent: null };
  }
  if (intent === "post") {
    const text = form.text ?? "";
    const sent = { update: null, text, keyEvent };
    const paragraphs = paragraphsOf(text);
    if (paragraphs.length === 0) {
      return {
        problems: [{ field: "text", message: "Write the update first." }],
        status: 422,
        sent,
      };
    }
    const result = await api.call("postLiveUpdate", { params, body: { paragraphs, keyEvent } });
    return { result, done: "posted", field: "text", sent };
  }
  const target = named(form);
  if ((intent === "edit" || intent === "delete") && target) {
    const updateParams = { id, update: target.update };
    if (intent === "delete") {
      const result = await api.call("deleteLiveUpdate", {
        params: updateParams,
        body: { baseVersion: target.baseVersion },
      });
      return { result, done: "deleted", field: "form", sent: null };
    }
    const field = `text-${target.update}`;
    const text = form[field] ?? "";
    const sent = { update: target.update, text, keyEvent };
    const paragraphs = await keptMarks(context, id, target.update, text);
    if (paragraphs.length === 0) {
      return {
        problems: [{ field, message: "An update cannot be empty: delete it instead." }],
        status: 422,
        sent,
      };
    }
    const result = await api.call("editLiveUpdate", {
      params: updateParams,
      body: { baseVersion: target.baseVersion, paragraphs, keyEvent },
    });
    return { result, done: "edited", field, sent };
  }
  return {
    problems: [{ field: "form", message: "That is not something this page does." }],
    status: 400,
    sent: null,
  };
}

/**
 * The paragraphs an edit sends. The form shows plain text, so an update whose text is left as
 * it was keeps its marks and links (only its key-event box changed); changed text is plain.
 */
async function keptMarks(
  context: NewsroomContext,
  id: string,
  update: string,
  text: string,
): Promise<Paragraphs> {
  const paragraphs = paragraphsOf(text);
  const current = await context.api.call("storyLive", { params: { id } });
  const stored = current.ok ? current.data.live.updates.find((u) => u.id === update) : undefined;
  if (stored && textOf(stored.paragraphs) === textOf(paragraphs)) return stored.paragraphs;
  return paragraphs;
}

export function loadLiveDesk(context: NewsroomContext, id: string): Promise<LoadOutcome> {
  return answering(async () => {
    if (!ID.test(id)) return { kind: "not-found" };
    if (!context.isPost) return renderPage(context, id);
    const outcome = await write(context, id);
    if (!("result" in outcome)) return renderPage(context, id, outcome);
    const { result } = outcome;
    if (result.ok) {
      return seeOther(hrefFor("content.newsroom-live", { id }, { done: outcome.done }));
    }
    const common = commonFailure(context, result, "change this live blog");
    if (common) return common;
    const failed = refusal(result, context.form.intent ?? "", outcome.field);
    if (!failed) throw apiUnavailable("live blog write", result);
    return renderPage(context, id, { ...failed, sent: outcome.sent });
  });
}
