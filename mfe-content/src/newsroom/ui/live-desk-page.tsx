import { PublicationTime } from "../../ui/publication-time.tsx";
import { Field, ProblemSummary, fieldId, problemFor } from "./form-bits.tsx";
import type { LiveDeskNotice, LiveDeskUpdateView, LiveDeskView } from "./live-desk-views.ts";

/**
 * `/newsroom/stories/:id/live` (issue 16): the live blog's state with Start or End, the form
 * that posts an update, and every update newest first, each with its own forms to correct or
 * delete it (inside a disclosure, so the list stays readable). Plain forms; no JavaScript.
 */

const FORM = "live";

const noticeText: Readonly<Record<LiveDeskNotice, string>> = {
  started: "The live blog is live. Readers see it, and new updates, at once.",
  ended: "The live blog has ended. Readers see its updates and that it has ended.",
  posted: "The update is posted. Open pages show it within seconds.",
  edited: "The correction is saved. Readers see it when they load the page.",
  deleted: "The update is deleted.",
};

function StateLine({ view }: { view: LiveDeskView }) {
  if (view.state === "live" && view.startedAt) {
    return (
      <p className="c-nr-live__state">
        <strong>Live</strong> since <PublicationTime iso={view.startedAt} withTime />.
      </p>
    );
  }
  if (view.state === "ended" && view.endedAt) {
    return (
      <p className="c-nr-live__state">
        Ended at <PublicationTime iso={view.endedAt} withTime />.
      </p>
    );
  }
  return (
    <p className="c-nr-live__state">
      Not live.
      {view.publishable ? null : " Only a published story can go live."}
    </p>
  );
}

function StateForm({ view }: { view: LiveDeskView }) {
  const live = view.state === "live";
  if (!live && !view.publishable) return null;
  return (
    <form className="c-nr-live__state-form" method="post" action={view.action}>
      <input type="hidden" name="intent" value={live ? "end" : "start"} />
      <button type="submit">
        {live
          ? "End the live blog"
          : view.state === "ended"
            ? "Go live again"
            : "Start a live blog"}
      </button>
    </form>
  );
}

function TextBox({
  name,
  label,
  text,
  problem,
}: {
  name: string;
  label: string;
  text: string;
  problem: string | null;
}) {
  return (
    <Field
      form={FORM}
      name={name}
      label={label}
      problem={problem}
      hint="Leave a blank line between paragraphs."
    >
      {(attributes) => <textarea {...attributes} rows={6} defaultValue={text} />}
    </Field>
  );
}

function KeyEventBox({ name, checked }: { name: string; checked: boolean }) {
  return (
    <div className="c-nr-pick">
      <input type="checkbox" id={fieldId(FORM, name)} name="keyEvent" defaultChecked={checked} />
      <label htmlFor={fieldId(FORM, name)}>Key event (listed at the top for readers)</label>
    </div>
  );
}

function PostForm({ view }: { view: LiveDeskView }) {
  const sent = view.sent?.update === null ? view.sent : null;
  return (
    <form className="c-nr-live__post" method="post" action={view.action}>
      <h2>Post an update</h2>
      <input type="hidden" name="intent" value="post" />
      <TextBox
        name="text"
        label="Update"
        text={sent?.text ?? ""}
        problem={problemFor(view.problems, "text")}
      />
      <KeyEventBox name="keyEvent" checked={sent?.keyEvent ?? false} />
      <button type="submit">Post update</button>
    </form>
  );
}

function UpdateForms({ view, update }: { view: LiveDeskView; update: LiveDeskUpdateView }) {
  const field = `text-${update.id}`;
  const problem = problemFor(view.problems, field);
  const sent = view.sent?.update === update.id ? view.sent : null;
  const versionFields = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="update" value={update.id} />
      <input type="hidden" name="baseVersion" value={String(update.version)} />
    </>
  );
  return (
    <details className="c-nr-live__forms" open={problem !== null}>
      <summary>Correct or delete</summary>
      <form method="post" action={view.action}>
        {versionFields("edit")}
        <TextBox
          name={field}
          label="Corrected update"
          text={sent?.text ?? update.text}
          problem={problem}
        />
        <KeyEventBox name={`keyEvent-${update.id}`} checked={sent?.keyEvent ?? update.keyEvent} />
        <button type="submit">Save the correction</button>
      </form>
      <form method="post" action={view.action}>
        {versionFields("delete")}
        <button type="submit">Delete this update</button>
      </form>
    </details>
  );
}

function Update({ view, update }: { view: LiveDeskView; update: LiveDeskUpdateView }) {
  const corrected = update.updatedAt !== update.postedAt;
  return (
    <li className="c-nr-live__update" id={`update-${update.id}`}>
      <p className="c-nr-live__meta">
        <PublicationTime iso={update.postedAt} withTime />
        {update.postedBy ? ` by ${update.postedBy}` : null}
        {update.keyEvent ? <strong> · Key event</strong> : null}
        {corrected ? (
          <>
            {" · corrected "}
            <PublicationTime iso={update.updatedAt} withTime />
            {update.updatedBy ? ` by ${update.updatedBy}` : null}
          </>
        ) : null}
      </p>
      <p className="c-nr-live__text">{update.text}</p>
      {view.canManage ? <UpdateForms view={view} update={update} /> : null}
    </li>
  );
}

export function LiveDeskPage({ view }: { view: LiveDeskView }) {
  const formProblem = problemFor(view.problems, "form");
  return (
    <div className="c-page c-nr c-nr-live">
      <p className="c-nr-back">
        <a href={view.storyHref}>Back to the story</a>
      </p>
      <h1>{`Live blog of “${view.headline}”`}</h1>
      {view.notice ? (
        <p className="c-nr-notice" role="status">
          {noticeText[view.notice]}
        </p>
      ) : null}
      <ProblemSummary
        problems={view.problems.filter((p) => p.field !== "form")}
        form={FORM}
        labels={Object.fromEntries(
          view.problems.map((p) => [p.field, p.field === "text" ? "Update" : "Correction"]),
        )}
      />
      {formProblem ? (
        <p className="c-nr-problem" role="alert">
          {formProblem}
        </p>
      ) : null}
      <StateLine view={view} />
      {view.canManage ? <StateForm view={view} /> : null}
      {view.canManage && view.state === "live" ? <PostForm view={view} /> : null}
      <h2>Updates, newest first</h2>
      {view.updates.length === 0 ? (
        <p>No updates yet.</p>
      ) : (
        <ol className="c-nr-live__updates" reversed>
          {view.updates.map((update) => (
            <Update key={update.id} view={view} update={update} />
          ))}
        </ol>
      )}
    </div>
  );
}
