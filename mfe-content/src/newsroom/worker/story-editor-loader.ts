import type { ApiFailure } from "edge-api/client";
import type { BodyBlock } from "edge-api/contract/content";
import type { MediaItem } from "edge-api/contract/media";
import type { Story, StoryFields, WorkflowAction } from "edge-api/contract/newsroom";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { EditorNotice, ProblemView, StoryFormValues } from "../ui/newsroom-views.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  formProblems,
  need,
  NewsroomAnswer,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";
import { storyChanges } from "./story-diff.ts";
import {
  editorAddress,
  editorPage,
  type DeskImages,
  type EditorState,
  type Taxonomy,
} from "./story-editor-view.ts";
import {
  bodyOf,
  bylineOrder,
  fillLeadWords,
  formValues,
  leadChoiceOf,
  leadValueOf,
  messageOf,
  problem,
  sameFields,
  toStoryFields,
} from "./story-form.ts";
import { zonedIso } from "./zoned-time.ts";
import { slugFrom } from "edge-api/contract/slug-from";

/**
 * `/newsroom/stories/new` and `/newsroom/stories/:id`: the story editor. A GET shows the
 * story; the form posts to the same address with an `intent` (save, submit, publish,
 * schedule, unpublish, return, correct, preview) and the revision it started from
 * (`baseRevision`). Success is a 303 back to the editor (`?done=`), or, for the browser's
 * autosave (`autosave=1`), the editor page itself so the script reads the new revision from
 * its props. A stale revision (409) shows what changed and keeps the person's text; refused
 * fields (422, a taken or reserved slug) come back next to their field.
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const notices = new Set<string>([
  "created",
  "saved",
  "submitted",
  "published",
  "scheduled",
  "unpublished",
  "returned",
  "corrected",
  "restored",
]);
const workflowNotice: Readonly<Record<WorkflowAction, EditorNotice>> = {
  submit: "submitted",
  publish: "published",
  schedule: "scheduled",
  unpublish: "unpublished",
  return: "returned",
};
const whatFor: Readonly<Record<string, string>> = {
  save: "edit this story",
  submit: "submit this story",
  publish: "publish stories",
  schedule: "schedule stories",
  unpublish: "unpublish stories",
  return: "return stories to draft",
  correct: "add corrections",
  preview: "preview this story",
};

function isWorkflow(intent: string): intent is WorkflowAction {
  return ["submit", "publish", "schedule", "unpublish", "return"].includes(intent);
}

interface Loaded {
  story: Story | null;
  taxonomy: Taxonomy;
  images: DeskImages;
  photographs: MediaItem[];
}

/** The photograph a lead image select's value names, if it names one. */
function mediaIdOf(value: string | undefined): string | null {
  const choice = leadChoiceOf(value ?? "");
  return choice && "mediaId" in choice ? choice.mediaId : null;
}

/**
 * The story, the site's map, the illustrations and the library's newest photographs (its first
 * page, one call); then the photographs the story's lead or the sent form names that are older
 * than that page, each by its id, so a lead photograph is never lost from the select. One the
 * library no longer has is left out (the form then says so).
 */
async function loadEditorData(context: NewsroomContext, id: string | null): Promise<Loaded> {
  const { api } = context;
  const [storyResult, taxonomy, images, library] = await Promise.all([
    id === null ? Promise.resolve(null) : api.call("story", { params: { id } }),
    api.call("taxonomy", {}),
    api.call("deskImages", { query: {} }),
    api.call("mediaLibrary", { query: {} }),
  ]);
  const story = storyResult === null ? null : need(context, storyResult, "open this story").story;
  const photographs = [...need(context, library, "read the photographs").items];
  const wanted = new Set(
    [
      story?.fields.leadImage?.mediaId ?? null,
      context.isPost ? mediaIdOf(context.form.leadImage) : null,
    ].filter((media): media is string => media !== null),
  );
  const older = await Promise.all(
    [...wanted]
      .filter((media) => !photographs.some((photo) => photo.id === media))
      .map((media) => api.call("mediaItem", { params: { id: media } })),
  );
  for (const found of older) {
    if (found.ok) photographs.push(found.data);
    else if (found.status !== 404) need(context, found, "read the photographs");
  }
  return {
    story,
    taxonomy: need(context, taxonomy, "read the site's map"),
    images: need(context, images, "read the images").images,
    photographs,
  };
}

/**
 * The library's words of the lead photograph the form chose, when it is not the story's lead
 * already (a lead kept with an emptied caption stays without one).
 */
function newLeadPhotoWords(loaded: Loaded, value: string): MediaItem | null {
  const stored = loaded.story?.fields.leadImage;
  const media = mediaIdOf(value);
  if (media === null || (stored && leadValueOf(stored) === value)) return null;
  return loaded.photographs.find((photo) => photo.id === media) ?? null;
}

/** A photograph the library does not have (removed, or an edited form) cannot be the lead. */
function leadProblems(loaded: Loaded, value: string): ProblemView[] {
  const media = mediaIdOf(value);
  if (media === null || loaded.photographs.some((photo) => photo.id === media)) return [];
  return [problem("leadImage", "This photograph is not in the library: choose another image.")];
}

function noticeOf(query: URLSearchParams): EditorNotice | null {
  const done = query.get("done") ?? "";
  return notices.has(done) ? (done as EditorNotice) : null;
}

/** A failure of a write as the editor page (409 conflict, form problems) or its answer. */
async function writeFailed(
  context: NewsroomContext,
  failure: ApiFailure,
  state: EditorState,
  intent: string,
  mine: { values: StoryFormValues; body: BodyBlock[] },
  baseRevision: string,
): Promise<LoadOutcome> {
  const story = state.story;
  if (failure.code === "stale_revision" && story) {
    return conflictPage(context, state, story.id, intent, mine, baseRevision);
  }
  const problems = formProblems(failure, "slug", messageOf);
  if (problems) {
    const status = failure.status === 409 ? 409 : 422;
    return editorPage(context, { ...state, ...mine, problems }, status);
  }
  const common = commonFailure(context, failure, whatFor[intent] ?? "do this");
  if (common) return common;
  throw apiUnavailable(`story ${intent}`, failure);
}

/**
 * The 409 page: the story as it is now, what changed since the person's revision (field by
 * field), and their own text kept in the form, which now names the current revision, so
 * sending it again puts their version on top. Discarding is opening the editor afresh.
 */
async function conflictPage(
  context: NewsroomContext,
  state: EditorState,
  id: string,
  intent: string,
  mine: { values: StoryFormValues; body: BodyBlock[] },
  baseRevision: string,
): Promise<LoadOutcome> {
  const [current, base] = await Promise.all([
    context.api.call("story", { params: { id } }),
    context.api.call("storyRevision", { params: { id, revision: baseRevision } }),
  ]);
  const story = need(context, current, "open this story").story;
  const start = base.ok ? base.data.revision : null;
  return editorPage(
    context,
    {
      ...state,
      story,
      ...mine,
      revision: story.revision,
      conflict: {
        baseNumber: start?.number ?? null,
        currentRevision: story.revision,
        currentBy: story.updatedBy?.displayName ?? null,
        currentAt: story.updatedAt,
        changes: start ? storyChanges(start.fields, story.fields) : [],
        intent,
      },
    },
    409,
  );
}

/**
 * An author profile and tags typed into the editor (editors only): created before the save,
 * then chosen. A name whose slug already exists is simply chosen.
 */
async function createInline(
  context: NewsroomContext,
  loaded: Loaded,
  values: StoryFormValues,
): Promise<ProblemView[]> {
  const problems: ProblemView[] = [];
  if (values.newAuthorName !== "") {
    const slug = slugFrom(values.newAuthorName, 80);
    const existing = loaded.taxonomy.authors.find((author) => author.slug === slug);
    if (existing) values.authors.push(existing.slug);
    else {
      const created = await context.api.call("createAuthor", {
        body: { slug, name: values.newAuthorName, jobTitle: values.newAuthorJobTitle, bio: "" },
      });
      if (created.ok) {
        loaded.taxonomy.authors.push(created.data.author);
        values.authors.push(created.data.author.slug);
        values.newAuthorName = "";
        values.newAuthorJobTitle = "";
      } else if (created.status === 403) {
        problems.push(problem("newAuthorName", "Only editors can create author profiles."));
      } else if (created.status === 409 || created.status === 422 || created.status === 400) {
        problems.push(
          problem("newAuthorName", "This author profile could not be created: try another name."),
        );
      } else {
        const common = commonFailure(context, created, "create author profiles");
        if (common) throw new NewsroomAnswer(common);
        throw apiUnavailable("createAuthor", created);
      }
    }
  }
  const names = values.newTags
    .split(",")
    .map((name) => name.replace(/\s+/g, " ").trim())
    .filter((name) => name !== "");
  const left: string[] = [];
  for (const name of names) {
    const slug = slugFrom(name, 80);
    const existing = loaded.taxonomy.tags.find((tag) => tag.slug === slug);
    if (existing) {
      values.tags.push(existing.slug);
      continue;
    }
    const created =
      slug === ""
        ? null
        : await context.api.call("createTag", { body: { slug, name, description: "" } });
    if (created?.ok) {
      loaded.taxonomy.tags.push(created.data.tag);
      values.tags.push(created.data.tag.slug);
    } else {
      left.push(name);
      if (
        created &&
        !created.ok &&
        created.status !== 403 &&
        created.status !== 409 &&
        created.status !== 422 &&
        created.status !== 400
      ) {
        const common = commonFailure(context, created, "create tags");
        if (common) throw new NewsroomAnswer(common);
        throw apiUnavailable("createTag", created);
      }
    }
  }
  values.newTags = left.join(", ");
  if (left.length > 0) {
    problems.push(
      problem(
        "newTags",
        `These tags could not be created: ${left.join(", ")}. Only editors create tags; a tag needs letters or digits.`,
      ),
    );
  }
  values.authors = [...new Set(values.authors)];
  values.tags = [...new Set(values.tags)];
  return problems;
}

/** The category must be one of the chosen section's. */
function placementProblems(taxonomy: Taxonomy, fields: StoryFields): ProblemView[] {
  const section = taxonomy.sections.find((s) => s.slug === fields.section);
  if (!section) return [problem("section")];
  if (!section.categories.some((c) => c.slug === fields.category)) {
    return [problem("category", `Choose a category of ${section.name}.`)];
  }
  return [];
}

function afterWrite(
  context: NewsroomContext,
  state: EditorState,
  notice: EditorNotice,
): LoadOutcome {
  if (context.form.autosave === "1") return editorPage(context, { ...state, notice });
  return seeOther(`${editorAddress(state.story)}?done=${notice}`);
}

async function submitStory(context: NewsroomContext, id: string | null): Promise<LoadOutcome> {
  const { api, form } = context;
  const intent = form.intent ?? "save";
  const loaded = await loadEditorData(context, id);
  const state: EditorState = { ...loaded };
  const story = loaded.story;
  const baseRevision = form.baseRevision ?? "";

  if (story && intent === "preview") {
    const made = await api.call("createPreview", { params: { id: story.id } });
    if (!made.ok)
      return writeFailed(
        context,
        made,
        state,
        intent,
        { values: state.values ?? formValues({}), body: story.fields.body },
        baseRevision,
      );
    return seeOther(hrefFor("content.newsroom-preview", { token: made.data.token }));
  }
  if (story && intent === "correct") {
    const text = (form.correction ?? "").trim();
    if (text === "" || text.length > 2000) {
      return editorPage(
        context,
        {
          ...state,
          correctionText: form.correction ?? "",
          problems: [problem("correction", "Write the correction, up to 2,000 characters.")],
        },
        422,
      );
    }
    const corrected = await api.call("correctStory", {
      params: { id: story.id },
      body: { baseRevision, text },
    });
    if (corrected.ok)
      return afterWrite(context, { ...state, story: corrected.data.story }, "corrected");
    if (corrected.code === "stale_revision") {
      return editorPage(
        context,
        {
          ...state,
          correctionText: text,
          problems: [
            problem(
              "correction",
              "The story changed while you wrote this. Your correction is kept: read the story again and add it once more.",
            ),
          ],
        },
        409,
      );
    }
    const problems =
      corrected.status === 422
        ? [problem("correction", "The correction was refused. Check it and try again.")]
        : null;
    if (problems) return editorPage(context, { ...state, correctionText: text, problems }, 422);
    return writeFailed(
      context,
      corrected,
      state,
      intent,
      { values: formValues({}), body: story.fields.body },
      baseRevision,
    );
  }
  if (story && intent === "unpublish" && form.confirm !== "yes") {
    return editorPage(context, { ...state, confirmUnpublish: true });
  }

  // Every other intent may carry the whole form: save it first when it changed anything.
  let current = story;
  const carriesFields = Object.hasOwn(form, "headline");
  const values = formValues(form);
  const body = bodyOf(form);
  const mine = { values, body: body ?? story?.fields.body ?? [] };
  if (carriesFields || intent === "save") {
    const inlineProblems = await createInline(context, loaded, values);
    values.authors = bylineOrder(story, values.authors);
    fillLeadWords(
      values,
      newLeadPhotoWords(loaded, values.leadImage),
      loaded.story?.fields.leadImage ?? null,
    );
    const fields = toStoryFields(values, body);
    const problems = [
      ...inlineProblems,
      ...leadProblems(loaded, values.leadImage),
      ...(fields.ok ? placementProblems(loaded.taxonomy, fields.fields) : fields.problems),
    ];
    if (problems.length > 0 || !fields.ok) {
      return editorPage(context, { ...state, ...mine, problems }, 422);
    }
    if (!current) {
      const created = await api.call("createStory", { body: { fields: fields.fields } });
      if (!created.ok) return writeFailed(context, created, state, intent, mine, baseRevision);
      return afterWrite(context, { ...state, story: created.data.story }, "created");
    }
    if (intent === "save" || !sameFields(current.fields, fields.fields)) {
      const saved = await api.call("saveStory", {
        params: { id: current.id },
        body: { baseRevision, fields: fields.fields },
      });
      if (!saved.ok) return writeFailed(context, saved, state, intent, mine, baseRevision);
      current = saved.data.story;
      if (intent === "save") return afterWrite(context, { ...state, story: current }, "saved");
    }
  }
  if (!current || !isWorkflow(intent)) return { kind: "not-found" };

  let publishAt: string | undefined;
  if (intent === "schedule") {
    const at = zonedIso(
      form.publishDate ?? "",
      form.publishTime ?? "",
      context.publication.timeZone,
    );
    if (!at || Date.parse(at) <= context.now.getTime()) {
      return editorPage(
        context,
        {
          ...state,
          story: current,
          ...mine,
          problems: [
            problem(
              "publishDate",
              "Choose a date and time ahead of now, in the publication's time zone.",
            ),
          ],
        },
        422,
      );
    }
    publishAt = at;
  }
  const base = current === story ? baseRevision : current.revision;
  const moved = await api.call("storyWorkflow", {
    params: { id: current.id },
    body: { baseRevision: base, action: intent, ...(publishAt ? { publishAt } : {}) },
  });
  if (!moved.ok) {
    return writeFailed(context, moved, { ...state, story: current }, intent, mine, base);
  }
  return afterWrite(context, { ...state, story: moved.data.story }, workflowNotice[intent]);
}

/** The editor's route: `id` null is a new story. */
export function loadStoryEditor(context: NewsroomContext, id: string | null): Promise<LoadOutcome> {
  return answering(async () => {
    if (id !== null && !ID.test(id)) return { kind: "not-found" };
    if (context.isPost) return submitStory(context, id);
    const loaded = await loadEditorData(context, id);
    return editorPage(context, { ...loaded, notice: noticeOf(context.query) });
  });
}
