import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { ProblemView, RevisionsView } from "../ui/newsroom-views.ts";
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
import { storyChanges } from "./story-diff.ts";

/**
 * `/newsroom/stories/:id/revisions`: every revision (number, who, when, note), the diff of
 * any two (a GET form with `from` and `to`, revision ids), and restoring one (a POST naming the
 * revision and the story's current revision as its base; a stale base is a 409 page that says
 * the story moved on).
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;

async function revisionsPage(
  context: NewsroomContext,
  id: string,
  problems: ProblemView[] = [],
  status: 200 | 409 | 422 = 200,
): Promise<LoadOutcome> {
  const { api, query } = context;
  const [story, list] = await Promise.all([
    api.call("story", { params: { id } }),
    api.call("storyRevisions", { params: { id } }),
  ]);
  const current = need(context, story, "open this story").story;
  const revisions = need(context, list, "read the revisions").revisions;
  const known = new Set(revisions.map((r) => r.id));
  const from = query.get("from") ?? "";
  const to = query.get("to") ?? "";
  let diff: RevisionsView["diff"] = null;
  if (!context.isPost && known.has(from) && known.has(to)) {
    const [a, b] = await Promise.all([
      api.call("storyRevision", { params: { id, revision: from } }),
      api.call("storyRevision", { params: { id, revision: to } }),
    ]);
    const before = need(context, a, "read a revision").revision;
    const after = need(context, b, "read a revision").revision;
    diff = {
      fromNumber: before.number,
      toNumber: after.number,
      changes: storyChanges(before.fields, after.fields),
    };
  } else if (!context.isPost && (from !== "" || to !== "")) {
    problems = [...problems, { field: "from", message: "Choose two revisions of this story." }];
  }
  // Newest first; the form proposes the two newest.
  const newest = [...revisions].sort((x, y) => y.number - x.number);
  const view: RevisionsView = {
    view: "revisions",
    publication: publicationView(context.publication),
    storyId: current.id,
    headline: current.fields.headline,
    action: hrefFor("content.newsroom-revisions", { id: current.id }),
    editorHref: hrefFor("content.newsroom-story", { id: current.id }),
    currentRevision: current.revision,
    revisions: newest.map((r) => ({
      id: r.id,
      number: r.number,
      at: r.createdAt,
      by: r.author?.displayName ?? null,
      note: r.note,
    })),
    from: known.has(from) ? from : (newest[1]?.id ?? newest[0]?.id ?? ""),
    to: known.has(to) ? to : (newest[0]?.id ?? ""),
    diff,
    problems,
    notice: null,
  };
  const title = `Revisions of “${current.fields.headline}”`;
  return newsroomPage(context, title, view, problems.length > 0 && status === 200 ? 422 : status);
}

async function restore(context: NewsroomContext, id: string): Promise<LoadOutcome> {
  const revision = context.form.revision ?? "";
  const baseRevision = context.form.baseRevision ?? "";
  if (!ID.test(revision) || baseRevision === "") {
    return revisionsPage(context, id, [
      { field: "revision", message: "Choose a revision to restore." },
    ]);
  }
  const restored = await context.api.call("restoreRevision", {
    params: { id, revision },
    body: { baseRevision: baseRevision.slice(0, 64) },
  });
  if (restored.ok) return seeOther(`${hrefFor("content.newsroom-story", { id })}?done=restored`);
  if (restored.code === "stale_revision") {
    return revisionsPage(
      context,
      id,
      [
        {
          field: "revision",
          message:
            "The story changed since you opened this page, so nothing was restored. Look at the history again, then restore.",
        },
      ],
      409,
    );
  }
  const common = commonFailure(context, restored, "restore revisions");
  if (common) return common;
  if (restored.status === 422 || restored.status === 409) {
    return revisionsPage(
      context,
      id,
      [{ field: "revision", message: "This revision could not be restored." }],
      restored.status,
    );
  }
  throw apiUnavailable("restoreRevision", restored);
}

export function loadRevisions(context: NewsroomContext, id: string): Promise<LoadOutcome> {
  return answering(async () => {
    if (!ID.test(id)) return { kind: "not-found" };
    if (context.isPost) return restore(context, id);
    return revisionsPage(context, id);
  });
}
