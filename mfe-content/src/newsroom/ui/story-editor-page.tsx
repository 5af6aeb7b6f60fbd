import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { BodyBlock } from "edge-api/contract/content";
import { formatInstantDateTime } from "shell/fragment-kit/dates";
import { PublicationTime } from "../../ui/publication-time.tsx";
import { BodyEditor } from "./body-editor.tsx";
import { BodyPreview } from "./body-preview.tsx";
import { optionLabel } from "./insert-photograph.tsx";
import { MediaImage } from "./media-image.tsx";
import {
  ChangeList,
  Field,
  FieldGroup,
  fieldId,
  problemFor,
  ProblemSummary,
  TextField,
} from "./form-bits.tsx";
import {
  statusLabels,
  type EditorNotice,
  type StoryEditorView,
  type StoryFormValues,
} from "./newsroom-views.ts";
import { slugFrom } from "edge-api/contract/slug-from";
import { browserWindow, eventField, fieldNamed, fieldsOf, formFields } from "./browser.ts";
import {
  dropKeptCopy,
  readKeptCopy,
  useAutosave,
  type KeptCopy,
  type SaveState,
} from "./use-autosave.ts";

/**
 * The story editor. Server-rendered it is a complete HTML form (every field, the body as
 * read-only text with its JSON in the hidden `body` field, so a save without JavaScript keeps
 * it); in the browser the body becomes a Lexical editor, the slug follows the headline until
 * it is edited (never once published), categories follow the section, and the form autosaves.
 */

const FORM = "story";

const labels: Readonly<Record<string, string>> = {
  headline: "Headline",
  standfirst: "Standfirst",
  body: "Body",
  section: "Section",
  category: "Category",
  authors: "Authors",
  tags: "Tags",
  slug: "Slug",
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  leadImage: "Lead image",
  leadImageAlt: "Alt text",
  leadImageCaption: "Caption",
  leadImageCredit: "Credit",
  newAuthorName: "New author profile",
  newTags: "New tags",
  publishDate: "Publication date",
  correction: "Correction",
  form: "Form",
};

const noticeText: Readonly<Record<EditorNotice, string>> = {
  created: "Story created. It is a draft until it is submitted or published.",
  saved: "Saved.",
  submitted: "Submitted for review. An editor will publish or return it.",
  published: "Published. Readers see it on their next page load.",
  scheduled: "Scheduled. It goes live at the time shown, with no one pressing a button.",
  unpublished: "Unpublished. Readers now get a “gone” page at its address.",
  returned: "Returned to draft.",
  corrected: "Correction added. It shows at the foot of the article.",
  restored: "Revision restored as the newest revision.",
};

function SaveStatus({
  state,
  timeZone,
  live,
}: {
  state: SaveState;
  timeZone: string;
  /** A published story: autosave is off, its changes go live only with Save. */
  live: boolean;
}) {
  let text: string;
  switch (state.kind) {
    case "clean":
      text = state.savedAt
        ? `Saved at ${formatInstantDateTime(state.savedAt, timeZone).split(", ")[1] ?? ""}`
        : live
          ? "No changes yet. This story is live, so it is not saved automatically."
          : "No changes yet";
      break;
    case "dirty":
      text = live
        ? "Unsaved changes. This story is live: readers see your changes only when you press “Save and update the live story” (no autosave). Your text is kept in this browser meanwhile."
        : "Unsaved changes";
      break;
    case "saving":
      text = "Saving…";
      break;
    case "offline":
      text = `Not saved: connection lost, retrying in ${state.retryInSeconds} s. Your text is kept in this browser.`;
      break;
    case "refused":
      text = `Not saved: ${state.messages.join(" ")}`;
      break;
    case "conflict":
      text =
        "Not saved: someone else saved this story meanwhile. Review the changes to keep your text.";
      break;
    case "signed-out":
      text = "Not saved: your newsroom session has ended. Your text is kept in this browser.";
      break;
  }
  return (
    <p className={`c-nr-save c-nr-save--${state.kind}`} role="status" aria-live="polite">
      {text}
      {state.kind === "conflict" ? (
        <>
          {" "}
          <button type="submit" name="intent" value="save">
            Review the changes
          </button>
        </>
      ) : null}
      {state.kind === "signed-out" ? (
        <>
          {" "}
          <a href={state.location} target="_blank" rel="noopener">
            Sign in again (new tab)
          </a>
        </>
      ) : null}
    </p>
  );
}

function problemsOfProps(props: unknown): string[] {
  const problems = (props as { problems?: unknown } | null)?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((p: unknown) => {
    const { field, message } = (p ?? {}) as { field?: unknown; message?: unknown };
    if (typeof message !== "string") return [];
    const label = typeof field === "string" ? labels[field] : undefined;
    return [label ? `${label}: ${message}` : message];
  });
}

function Conflict({ view }: { view: StoryEditorView }) {
  const conflict = view.conflict;
  if (!conflict) return null;
  return (
    <section className="c-nr-conflict" aria-labelledby="c-nr-conflict-title">
      <h2 id="c-nr-conflict-title" tabIndex={-1}>
        This story changed while you were working
      </h2>
      <p>
        {conflict.currentBy ?? "Someone"} saved it on{" "}
        <PublicationTime iso={conflict.currentAt} withTime />. Nothing of yours was saved. Your text
        is still in the form below.
      </p>
      <h3>
        What changed since{" "}
        {conflict.baseNumber === null
          ? "the revision you started from"
          : `revision ${conflict.baseNumber}, which you started from`}
      </h3>
      {conflict.baseNumber === null ? (
        <p>
          The version you started from is not in the history, so the changes cannot be listed here.
          Compare your text below with the current version (open it in another tab), or see{" "}
          <a href={view.revisionsHref ?? view.action}>the revisions</a>.
        </p>
      ) : (
        <ChangeList changes={conflict.changes} />
      )}
      <p>
        To keep your version, check it below and press “Save my version on top”: it becomes the
        newest revision (the other one stays in the history). To drop your changes, open the current
        version.
      </p>
      <p className="c-nr-actions">
        <button type="submit" form="c-nr-story-form" name="intent" value="save">
          Save my version on top
        </button>{" "}
        <a href={view.action}>Discard my changes and open the current version</a>
      </p>
    </section>
  );
}

function ConfirmUnpublish({ view }: { view: StoryEditorView }) {
  if (!view.confirmUnpublish || !view.revision) return null;
  return (
    <section className="c-nr-confirm" aria-labelledby="c-nr-confirm-title">
      <h2 id="c-nr-confirm-title">Unpublish this story?</h2>
      <p>
        Readers will get a “gone” page at its address at once, and it leaves listings, feeds,
        sitemaps and search. You can publish it again later.
      </p>
      <form method="post" action={view.action}>
        <input type="hidden" name="baseRevision" value={view.revision} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" name="intent" value="unpublish">
          Yes, unpublish it
        </button>{" "}
        <a href={view.action}>No, keep it published</a>
      </form>
    </section>
  );
}

function Corrections({ view }: { view: StoryEditorView }) {
  if (!view.storyId || (view.corrections.length === 0 && !view.can.correct)) return null;
  const problem = problemFor(view.problems, "correction");
  return (
    <section className="c-nr-corrections" aria-labelledby="c-nr-corrections-title">
      <h2 id="c-nr-corrections-title">Corrections</h2>
      {view.corrections.length === 0 ? (
        <p>No corrections.</p>
      ) : (
        <ol>
          {view.corrections.map((c) => (
            <li key={`${c.at}:${c.text}`}>
              <PublicationTime iso={c.at} withTime />
              {c.by ? ` (${c.by})` : ""}: {c.text}
            </li>
          ))}
        </ol>
      )}
      {view.can.correct && view.revision ? (
        <form method="post" action={view.action}>
          <input type="hidden" name="baseRevision" value={view.revision} />
          <Field
            form={FORM}
            name="correction"
            label="Add a correction"
            problem={problem}
            hint="Say what was wrong and what is right. It is dated and shown at the foot of the article and on the corrections page."
          >
            {(a) => (
              <textarea {...a} rows={3} maxLength={2000} defaultValue={view.correctionText} />
            )}
          </Field>
          <button type="submit" name="intent" value="correct">
            Add correction
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** Picks of one list (authors, tags): a checkbox per item, `author:<slug>` / `tag:<slug>`. */
function Picks({
  legend,
  prefix,
  options,
  chosen,
  problem,
  name,
}: {
  legend: string;
  prefix: string;
  options: StoryEditorView["authors"];
  chosen: readonly string[];
  problem: string | null;
  name: string;
}) {
  const id = fieldId(FORM, name);
  return (
    <FieldGroup form={FORM} name={name} className="c-nr-picks" legend={legend} problem={problem}>
      {options.length === 0 ? <p className="c-nr-hint">None yet.</p> : null}
      {options.map((option) => (
        <div key={option.value} className="c-nr-pick">
          <input
            type="checkbox"
            id={`${id}-${option.value}`}
            name={`${prefix}${option.value}`}
            defaultChecked={chosen.includes(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
        </div>
      ))}
    </FieldGroup>
  );
}

function StatusLine({ view }: { view: StoryEditorView }) {
  if (!view.status) return <p className="c-nr-status-line">A new story: not saved yet.</p>;
  return (
    <p className="c-nr-status-line">
      Status:{" "}
      <strong className={`c-nr-status c-nr-status--${view.status}`}>
        {statusLabels[view.status]}
      </strong>
      {view.status === "scheduled" && view.publishedAt ? (
        <>
          . Goes live <PublicationTime iso={view.publishedAt} withTime /> (
          {view.publication.timeZone})
        </>
      ) : null}
      {view.status === "published" && view.publishedAt ? (
        <>
          . Published <PublicationTime iso={view.publishedAt} withTime />
        </>
      ) : null}
      {view.updatedAt ? (
        <>
          . Last saved <PublicationTime iso={view.updatedAt} withTime />
        </>
      ) : null}
      .
    </p>
  );
}

function WorkflowButtons({ view }: { view: StoryEditorView }) {
  if (!view.storyId) return null;
  const { can, status } = view;
  const canPublishNow = can.publish && status !== "published";
  return (
    <div className="c-nr-workflow">
      {can.submit ? (
        <button type="submit" name="intent" value="submit">
          Submit for review
        </button>
      ) : null}
      {canPublishNow ? (
        <button type="submit" name="intent" value="publish">
          Publish now
        </button>
      ) : null}
      {can.publish && status === "submitted" ? (
        <button type="submit" name="intent" value="return">
          Return to draft
        </button>
      ) : null}
      {can.unpublish ? (
        <button type="submit" name="intent" value="unpublish">
          Unpublish…
        </button>
      ) : null}
      {canPublishNow ? (
        <FieldGroup
          form={FORM}
          name="publishDate"
          className="c-nr-schedule"
          legend={`Schedule (time in ${view.publication.timeZone})`}
          problem={problemFor(view.problems, "publishDate")}
        >
          <label htmlFor="c-nr-story-publish-date">Date</label>
          <input
            id="c-nr-story-publish-date"
            type="date"
            name="publishDate"
            defaultValue={view.schedule.date}
          />
          <label htmlFor="c-nr-story-publish-time">Time</label>
          <input
            id="c-nr-story-publish-time"
            type="time"
            name="publishTime"
            defaultValue={view.schedule.time}
          />
          <button type="submit" name="intent" value="schedule">
            {status === "scheduled" ? "Reschedule" : "Schedule"}
          </button>
        </FieldGroup>
      ) : null}
    </div>
  );
}

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

const NEVER_PUBLISHED = new Set([null, "draft", "submitted"]);

export function StoryEditorPage({ view: initialView }: { view: StoryEditorView }) {
  const mounted = useMounted();
  const formRef = useRef<HTMLFormElement>(null);
  const [view, setView] = useState(initialView);
  const [revision, setRevision] = useState(initialView.revision);
  const [body, setBody] = useState<readonly BodyBlock[]>(initialView.body);
  const [editorKey, setEditorKey] = useState(0);
  const [section, setSection] = useState(initialView.values.section);
  // The category the list starts at when it is rebuilt for another section: a kept copy put
  // back names its own (its options did not exist before the section was put back).
  const [categoryChoice, setCategoryChoice] = useState(initialView.values.category);
  const [slugTouched, setSlugTouched] = useState(
    // A slug that is still the headline's follows it; one the person chose does not.
    initialView.values.slug !== "" &&
      initialView.values.slug !== slugFrom(initialView.values.headline),
  );
  const [kept, setKept] = useState<KeptCopy | null>(null);
  const values: StoryFormValues = initialView.values;
  const editable = view.can.edit;
  const [leadImage, setLeadImage] = useState(initialView.values.leadImage);
  // The words the chosen lead image brought (or the story's own), to tell them from the person's.
  const leadWordsRef = useRef<Record<string, string>>({
    leadImageAlt: initialView.values.leadImageAlt,
    leadImageCaption: initialView.values.leadImageCaption,
    leadImageCredit: initialView.values.leadImageCredit,
  });
  const [seoLengths, setSeoLengths] = useState({
    seoTitle: values.seoTitle.length,
    seoDescription: values.seoDescription.length,
  });
  const problems = initialView.problems;

  // The address the form posts to now (a new story gets its own after the first save).
  const actionRef = useRef(initialView.action);
  const onSaved = useCallback((props: unknown) => {
    const next = props as StoryEditorView;
    if (next?.view !== "story-editor") return;
    setRevision(next.revision);
    if (actionRef.current !== next.action) {
      actionRef.current = next.action;
      const { history } = browserWindow();
      history.replaceState(history.state, "", next.action);
    }
    setView((previous) => ({ ...previous, ...next, values: previous.values, body: previous.body }));
  }, []);
  const autosave = useAutosave({
    formRef,
    path: view.action,
    onSaved,
    problemsOf: problemsOfProps,
    // A live story's half-written changes never reach readers by themselves.
    paused:
      initialView.conflict !== null || !initialView.can.edit || initialView.status === "published",
  });
  const { markDirty, markSubmitting } = autosave;

  // A copy kept by an earlier visit that never reached the server is offered back.
  useEffect(() => {
    const copy = readKeptCopy(initialView.action);
    const form = formRef.current;
    if (!copy || !form) return;
    const now = formFields(form);
    const differs = Object.entries(copy.fields).some(
      ([name, value]) => name !== "baseRevision" && now[name] !== value,
    );
    if (differs) setKept(copy);
    else dropKeptCopy(initialView.action);
  }, [initialView.action]);

  const putBack = () => {
    const form = formRef.current;
    if (!kept || !form) return;
    for (const field of fieldsOf(form)) {
      if (field.type === "hidden" || field.type === "submit" || field.type === "button") continue;
      if (field.type === "checkbox") field.checked = Object.hasOwn(kept.fields, field.name);
      else if (Object.hasOwn(kept.fields, field.name)) field.value = kept.fields[field.name] ?? "";
    }
    setSection(kept.fields.section ?? section);
    setCategoryChoice(kept.fields.category ?? categoryChoice);
    try {
      const restored = JSON.parse(kept.fields.body ?? "[]") as BodyBlock[];
      bodyRef.current = JSON.stringify(restored);
      setBody(restored);
      setEditorKey((k) => k + 1);
    } catch {
      // A copy whose body cannot be read keeps the current body.
    }
    // The copy names the revision it started from, so a stale copy meets the 409 path.
    if (kept.fields.baseRevision) setRevision(kept.fields.baseRevision);
    setKept(null);
    setTimeout(markDirty, 0);
  };

  const bodyRef = useRef(JSON.stringify(initialView.body));
  const onBody = useCallback(
    (blocks: BodyBlock[]) => {
      const json = JSON.stringify(blocks);
      if (json === bodyRef.current) return;
      bodyRef.current = json;
      setBody(blocks);
      // After the hidden field shows the new body, so the kept copy has it.
      setTimeout(markDirty, 0);
    },
    [markDirty],
  );

  // React's change event: every keystroke, tick and choice in the form.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = eventField(event.target);
    if (!target) return;
    if (target.name === "slug") setSlugTouched(true);
    if (target.name === "headline" && !slugTouched && NEVER_PUBLISHED.has(view.status)) {
      const slug = fieldNamed(formRef.current, "slug");
      if (slug) slug.value = slugFrom(target.value);
    }
    if (target.name === "section") setSection(target.value);
    if (target.name === "leadImage") {
      setLeadImage(target.value);
      // A newly chosen image brings its own words into each field that is empty or still says
      // what it said of the previous image (the alt text must never describe the old picture);
      // words the person wrote stay. The server does the same for a form sent without script.
      const chosen =
        view.images.find((i) => String(i.id) === target.value) ??
        view.photographs.find((p) => p.value === target.value);
      if (chosen) {
        const words: Record<string, string> = {
          leadImageAlt: chosen.alt,
          leadImageCaption: chosen.caption,
          leadImageCredit: chosen.credit,
        };
        for (const [name, value] of Object.entries(words)) {
          const field = fieldNamed(formRef.current, name);
          const previous = leadWordsRef.current[name] ?? "";
          if (field && (field.value.trim() === "" || field.value.trim() === previous.trim())) {
            field.value = value;
          }
        }
        leadWordsRef.current = words;
      }
    }
    if (target.name === "seoTitle" || target.name === "seoDescription") {
      const { name, value } = target;
      setSeoLengths((previous) => ({ ...previous, [name]: value.length }));
    }
    if (target.name === "publishDate" || target.name === "publishTime") return;
    markDirty();
  };

  const chosenSection = view.sections.find((s) => s.slug === section);
  const categoryProblem = problemFor(problems, "category");
  const bodyProblem = problemFor(problems, "body");
  const bodyLabelId = `${fieldId(FORM, "body")}-label`;
  const image = view.images.find((i) => String(i.id) === leadImage);
  const photo = view.photographs.find((p) => p.value === leadImage);
  // A photograph the form names that the library no longer has stays visible (and refused).
  const lostPhoto =
    values.leadImage.startsWith("media:") &&
    !view.photographs.some((p) => p.value === values.leadImage);

  return (
    <div className="c-page c-nr c-nr-editor-page">
      <p className="c-nr-back">
        <a href={view.deskHref}>All stories</a>
        {view.revisionsHref ? (
          <>
            {" · "}
            <a href={view.revisionsHref}>Revisions</a>
          </>
        ) : null}
        {view.liveHref ? (
          <>
            {" · "}
            <a href={view.liveHref}>Live blog</a>
          </>
        ) : null}
      </p>
      <h1>{view.storyId ? "Edit story" : "New story"}</h1>
      <StatusLine view={view} />
      {initialView.notice ? (
        <p className="c-nr-notice" role="status">
          {noticeText[initialView.notice]}
        </p>
      ) : null}
      {kept ? (
        <div className="c-nr-kept-copy" role="alert">
          <p>
            Changes you made on <PublicationTime iso={kept.keptAt} withTime /> were not saved, and
            were kept in this browser.
          </p>
          <button type="button" onClick={putBack}>
            Put my unsaved changes back
          </button>{" "}
          <button
            type="button"
            onClick={() => {
              dropKeptCopy(view.action);
              setKept(null);
            }}
          >
            Discard them
          </button>
        </div>
      ) : null}
      <Conflict view={initialView} />
      <ConfirmUnpublish view={initialView} />
      <ProblemSummary
        problems={problems.filter((p) => p.field !== "correction")}
        form={FORM}
        labels={labels}
      />
      {view.storyId ? (
        <form className="c-nr-preview-form" method="post" action={view.action} target="_blank">
          <input type="hidden" name="intent" value="preview" />
          <button type="submit">Preview (opens a new tab)</button>
          <span className="c-nr-hint"> Shows the last saved version.</span>
        </form>
      ) : null}
      <form
        id="c-nr-story-form"
        ref={formRef}
        className="c-nr-form"
        method="post"
        action={view.action}
        onChange={onChange}
        onSubmit={markSubmitting}
        noValidate
      >
        <input type="hidden" name="baseRevision" value={revision ?? ""} />
        <input type="hidden" name="body" value={JSON.stringify(body)} />
        {mounted && editable ? (
          <SaveStatus
            state={autosave.state}
            timeZone={view.publication.timeZone}
            live={initialView.status === "published"}
          />
        ) : null}
        {editable ? null : (
          <p className="c-nr-notice">
            You can read this story but not change it now: contributors edit their own drafts until
            they submit them. An editor can return it to draft.
          </p>
        )}
        {/* A disabled fieldset sends nothing: workflow buttons still work without a save. */}
        <fieldset className="c-nr-fields" disabled={!editable}>
          <legend className="c-visually-hidden">The story</legend>
          <TextField
            form={FORM}
            name="headline"
            label="Headline"
            problem={problemFor(problems, "headline")}
            maxLength={200}
            required
            defaultValue={values.headline}
          />
          <Field
            form={FORM}
            name="standfirst"
            label="Standfirst"
            problem={problemFor(problems, "standfirst")}
            hint="One or two sentences under the headline. Up to 600 characters."
          >
            {(a) => <textarea {...a} rows={3} maxLength={600} defaultValue={values.standfirst} />}
          </Field>

          <div
            className={bodyProblem ? "c-nr-field c-nr-field--problem" : "c-nr-field"}
            id={fieldId(FORM, "body")}
          >
            <p className="c-nr-label" id={bodyLabelId}>
              Body
            </p>
            {bodyProblem ? (
              <p className="c-nr-problem" id={`${fieldId(FORM, "body")}-problem`}>
                {bodyProblem}
              </p>
            ) : null}
            {mounted && editable ? (
              <BodyEditor
                key={editorKey}
                initial={body}
                photographs={view.photographs}
                labelId={bodyLabelId}
                describedBy={bodyProblem ? `${fieldId(FORM, "body")}-problem` : undefined}
                onChange={onBody}
              />
            ) : (
              <>
                {editable ? (
                  <p className="c-nr-hint">
                    The body editor needs JavaScript. Without it the body is shown read-only here,
                    and saving this form keeps it as it is.
                  </p>
                ) : null}
                <BodyPreview blocks={body} />
              </>
            )}
          </div>

          <Field
            form={FORM}
            name="section"
            label="Section"
            problem={problemFor(problems, "section")}
          >
            {(a) => (
              <select {...a} defaultValue={values.section}>
                <option value="">Choose a section</option>
                {view.sections.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            form={FORM}
            name="category"
            label="Category"
            problem={categoryProblem}
            hint="The category must belong to the section."
          >
            {(a) =>
              mounted ? (
                // The key before the spread: after it, JSX compiles to createElement and React
                // warns that the options lack keys.
                <select key={section} {...a} defaultValue={categoryChoice}>
                  <option value="">Choose a category</option>
                  {(chosenSection?.categories ?? []).map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              ) : (
                <select {...a} defaultValue={values.category}>
                  <option value="">Choose a category</option>
                  {view.sections.map((s) => (
                    <optgroup key={s.slug} label={s.name}>
                      {s.categories.map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )
            }
          </Field>

          <Picks
            legend="Authors (byline)"
            prefix="author:"
            name="authors"
            options={view.authors}
            chosen={values.authors}
            problem={problemFor(problems, "authors")}
          />
          {view.canCreateTaxonomy ? (
            <fieldset className="c-nr-inline-create">
              <legend>Or create an author profile</legend>
              <TextField
                form={FORM}
                name="newAuthorName"
                label="Name"
                problem={problemFor(problems, "newAuthorName")}
                maxLength={120}
                defaultValue={values.newAuthorName}
              />
              <TextField
                form={FORM}
                name="newAuthorJobTitle"
                label="Job title"
                problem={null}
                maxLength={120}
                defaultValue={values.newAuthorJobTitle}
              />
            </fieldset>
          ) : null}

          <Picks
            legend="Tags"
            prefix="tag:"
            name="tags"
            options={view.tags}
            chosen={values.tags}
            problem={problemFor(problems, "tags")}
          />
          {view.canCreateTaxonomy ? (
            <TextField
              form={FORM}
              name="newTags"
              label="New tags"
              problem={problemFor(problems, "newTags")}
              hint="Names separated by commas; each becomes a tag of this story."
              maxLength={500}
              defaultValue={values.newTags}
            />
          ) : null}

          <TextField
            form={FORM}
            name="slug"
            label="Slug"
            problem={problemFor(problems, "slug")}
            hint={
              NEVER_PUBLISHED.has(view.status)
                ? "The last part of the article's address. Proposed from the headline until you change it; left empty, it is made from the headline."
                : "The last part of the article's address. Changing it keeps the old address working (it redirects)."
            }
            maxLength={120}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            defaultValue={values.slug}
          />

          <fieldset className="c-nr-seo">
            <legend>Search engines and sharing</legend>
            <TextField
              form={FORM}
              name="seoTitle"
              label="SEO title"
              problem={problemFor(problems, "seoTitle")}
              hint={`Up to ${view.seoTitleMax} characters${mounted ? ` (${seoLengths.seoTitle} used)` : ""}. Empty: the headline.`}
              maxLength={view.seoTitleMax}
              defaultValue={values.seoTitle}
            />
            <Field
              form={FORM}
              name="seoDescription"
              label="SEO description"
              problem={problemFor(problems, "seoDescription")}
              hint={`Up to ${view.seoDescriptionMax} characters${mounted ? ` (${seoLengths.seoDescription} used)` : ""}. Empty: the standfirst.`}
            >
              {(a) => (
                <textarea
                  {...a}
                  rows={2}
                  maxLength={view.seoDescriptionMax}
                  defaultValue={values.seoDescription}
                />
              )}
            </Field>
          </fieldset>

          <fieldset className="c-nr-lead-image">
            <legend>Lead image</legend>
            <Field
              form={FORM}
              name="leadImage"
              label="Image"
              problem={problemFor(problems, "leadImage")}
              hint="A photograph from the media library (the newest are listed) or an illustration. A newly chosen photograph brings its alt text, caption and credit from the library wherever you left these fields empty or as they were for the previous image; words you wrote stay."
            >
              {(a) => (
                <select {...a} defaultValue={values.leadImage}>
                  <option value="">No lead image</option>
                  {view.photographs.length > 0 || lostPhoto ? (
                    <optgroup label="Photographs">
                      {view.photographs.map((p) => (
                        <option key={p.value} value={p.value}>
                          {optionLabel(p)}
                        </option>
                      ))}
                      {lostPhoto ? (
                        <option value={values.leadImage}>
                          The photograph chosen before (not in the library)
                        </option>
                      ) : null}
                    </optgroup>
                  ) : null}
                  <optgroup label="Illustrations">
                    {view.images.map((i) => (
                      <option key={i.id} value={String(i.id)}>
                        {i.alt || `Image ${i.id}`} ({i.credit})
                      </option>
                    ))}
                  </optgroup>
                </select>
              )}
            </Field>
            {photo ? (
              <div className="c-nr-lead-photo">
                <MediaImage className="c-nr-thumb" image={photo.leadThumb} alt="" />
                <p className="c-nr-hint">
                  The lead shows the photograph’s wide crop.{" "}
                  <a href={photo.href}>Set its focal point and crops in the media library</a>.
                </p>
              </div>
            ) : image ? (
              <img
                className="c-nr-thumb"
                src={image.src}
                alt=""
                width={160}
                height={Math.round((160 * image.height) / image.width)}
              />
            ) : null}
            <TextField
              form={FORM}
              name="leadImageAlt"
              label="Alt text"
              problem={problemFor(problems, "leadImageAlt")}
              hint="Required with an image: what it shows, for readers who cannot see it."
              maxLength={500}
              defaultValue={values.leadImageAlt}
            />
            <TextField
              form={FORM}
              name="leadImageCaption"
              label="Caption"
              problem={problemFor(problems, "leadImageCaption")}
              maxLength={500}
              defaultValue={values.leadImageCaption}
            />
            <TextField
              form={FORM}
              name="leadImageCredit"
              label="Credit"
              problem={problemFor(problems, "leadImageCredit")}
              hint="Required with an image."
              maxLength={500}
              defaultValue={values.leadImageCredit}
            />
          </fieldset>
        </fieldset>

        {editable ? (
          <div className="c-nr-actions">
            <button type="submit" name="intent" value="save">
              {!view.storyId
                ? "Create story"
                : view.status === "published"
                  ? "Save and update the live story"
                  : "Save"}
            </button>
          </div>
        ) : null}
        <WorkflowButtons view={view} />
      </form>
      <Corrections view={initialView} />
    </div>
  );
}
