import { PublicationTime } from "../../ui/publication-time.tsx";
import { ChangeList, problemFor } from "./form-bits.tsx";
import type { RevisionsView } from "./newsroom-views.ts";

/**
 * `/newsroom/stories/:id/revisions`: the history, newest first; a GET form compares any two;
 * each older revision can be restored (a POST that names the current revision as its base).
 */
export function RevisionsPage({ view }: { view: RevisionsView }) {
  const problem = problemFor(view.problems, "revision") ?? problemFor(view.problems, "from");
  return (
    <div className="c-page c-nr c-nr-revisions">
      <p className="c-nr-back">
        <a href={view.editorHref}>Back to the story</a>
      </p>
      <h1>{`Revisions of “${view.headline}”`}</h1>
      {problem ? (
        <p className="c-nr-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <form className="c-nr-compare" method="get" action={view.action}>
        <h2>Compare two revisions</h2>
        <label htmlFor="c-nr-rev-from">From</label>
        <select id="c-nr-rev-from" name="from" defaultValue={view.from}>
          {view.revisions.map((r) => (
            <option key={r.id} value={r.id}>{`Revision ${r.number}`}</option>
          ))}
        </select>
        <label htmlFor="c-nr-rev-to">To</label>
        <select id="c-nr-rev-to" name="to" defaultValue={view.to}>
          {view.revisions.map((r) => (
            <option key={r.id} value={r.id}>{`Revision ${r.number}`}</option>
          ))}
        </select>
        <button type="submit">Compare</button>
      </form>
      {view.diff ? (
        <section className="c-nr-diff-result" aria-labelledby="c-nr-diff-title">
          <h2 id="c-nr-diff-title">
            {`From revision ${view.diff.fromNumber} to revision ${view.diff.toNumber}`}
          </h2>
          <p className="c-nr-hint">Added text is underlined, removed text is struck through.</p>
          <ChangeList changes={view.diff.changes} />
        </section>
      ) : null}
      <h2>History</h2>
      <table className="c-nr-table">
        <caption className="c-visually-hidden">Revisions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Revision</th>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Note</th>
            <th scope="col">
              <span className="c-visually-hidden">Restore</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.revisions.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.number}
                {r.id === view.currentRevision ? " (current)" : ""}
              </th>
              <td>
                <PublicationTime iso={r.at} withTime />
              </td>
              <td>{r.by ?? "Unknown"}</td>
              <td>{r.note}</td>
              <td>
                {r.id === view.currentRevision ? null : (
                  <form method="post" action={view.action}>
                    <input type="hidden" name="revision" value={r.id} />
                    <input type="hidden" name="baseRevision" value={view.currentRevision} />
                    <button type="submit" name="intent" value="restore">
                      {`Restore revision ${r.number}`}
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
