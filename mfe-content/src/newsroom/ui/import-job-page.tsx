import { PublicationTime } from "../../ui/publication-time.tsx";
import { importStatusLabels } from "./import-page.tsx";
import type { ImportJobView, ImportNoteView, ImportReportView } from "./import-views.ts";

/**
 * `/newsroom/import/:id` (issue 18): one import. Checked: the dry run's report and the button
 * that imports it. Queued or running: its progress, and the page loads itself again every few
 * seconds with a `<meta http-equiv="refresh">` (no script needed; the CSP does not govern it).
 * Done: "Imported." and the report. Failed: why, and "Try again" (it continues where it stopped).
 */

const numbers = new Intl.NumberFormat("en-GB");

function Notes({ notes }: { notes: readonly ImportNoteView[] }) {
  return (
    <ul className="c-nr-import__notes">
      {notes.map((note, index) => (
        <li key={index}>
          <strong>{note.label}:</strong> {note.detail}
        </li>
      ))}
    </ul>
  );
}

function Report({ report, done }: { report: ImportReportView; done: boolean }) {
  const { alreadyImported } = report;
  return (
    <>
      <section aria-labelledby="c-nr-import-counts">
        <h2 id="c-nr-import-counts">{done ? "What was imported" : "What the import will make"}</h2>
        <dl className="c-nr-import__counts">
          {report.counts.map((count) => (
            <div key={count.label}>
              <dt>{count.label}</dt>
              <dd>{numbers.format(count.value)}</dd>
            </div>
          ))}
        </dl>
        {alreadyImported.posts + alreadyImported.pages > 0 ? (
          <p>
            Already imported before, left as they are: {numbers.format(alreadyImported.posts)}{" "}
            {alreadyImported.posts === 1 ? "story" : "stories"} and{" "}
            {numbers.format(alreadyImported.pages)} {alreadyImported.pages === 1 ? "page" : "pages"}
            .
          </p>
        ) : null}
      </section>
      <section aria-labelledby="c-nr-import-redirects">
        <h2 id="c-nr-import-redirects">Old addresses</h2>
        {report.redirects.length === 0 ? (
          <p>No old addresses to keep.</p>
        ) : (
          <table className="c-nr-table">
            <thead>
              <tr>
                <th scope="col">Old address</th>
                <th scope="col">Leads to</th>
              </tr>
            </thead>
            <tbody>
              {report.redirects.map((redirect) => (
                <tr key={redirect.from}>
                  <td>{redirect.from}</td>
                  <td>{redirect.to}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {report.moreRedirects > 0 ? <p>and {numbers.format(report.moreRedirects)} more.</p> : null}
      </section>
      <section aria-labelledby="c-nr-import-notes">
        <h2 id="c-nr-import-notes">Notes</h2>
        {report.fileNotes.length === 0 && report.posts.length === 0 ? (
          <p>Nothing was dropped or changed.</p>
        ) : null}
        {report.fileNotes.length > 0 ? (
          <>
            <h3>The whole file</h3>
            <Notes notes={report.fileNotes} />
          </>
        ) : null}
        {report.posts.map((post, index) => (
          <div key={index} className="c-nr-import__post">
            <h3>{post.title}</h3>
            <Notes notes={post.notes} />
          </div>
        ))}
        {report.moreNotes > 0 ? (
          <p>and {numbers.format(report.moreNotes)} more notes, too many to show here.</p>
        ) : null}
      </section>
    </>
  );
}

export function ImportJobPage({ view }: { view: ImportJobView }) {
  const { progress } = view;
  return (
    <div className="c-page c-nr c-nr-import">
      {view.refreshSeconds !== null ? (
        <meta httpEquiv="refresh" content={String(view.refreshSeconds)} />
      ) : null}
      <p className="c-nr-order">
        <a href={view.listHref}>All imports</a>
      </p>
      <h1>Import: {view.fileName}</h1>
      <p>
        {view.system} export, uploaded <PublicationTime iso={view.createdAt} withTime />
        {view.createdBy ? ` by ${view.createdBy}` : ""}.
      </p>
      <p className="c-nr-import__status" role="status">
        {view.status === "done" ? "Imported." : importStatusLabels[view.status]}
      </p>
      {view.problem ? (
        <p className="c-nr-problem" role="alert">
          {view.problem}
        </p>
      ) : null}
      {view.error ? (
        <p className="c-nr-problem" role="alert">
          {view.error}
        </p>
      ) : null}
      {progress ? (
        <p className="c-nr-import__progress">
          <label htmlFor="c-nr-import-progress">
            {numbers.format(progress.done)} of {numbers.format(progress.total)}
          </label>{" "}
          <progress
            id="c-nr-import-progress"
            max={Math.max(1, progress.total)}
            value={progress.done}
          >
            {numbers.format(progress.done)} of {numbers.format(progress.total)}
          </progress>
        </p>
      ) : null}
      {view.run ? (
        <form method="post" action={view.run.action} className="c-nr-import__run">
          <button type="submit">{view.run.label}</button>
        </form>
      ) : null}
      {view.imported.length > 0 ? (
        <section aria-labelledby="c-nr-import-imported">
          <h2 id="c-nr-import-imported">Open an imported story</h2>
          <ul>
            {view.imported.map((href) => (
              <li key={href}>
                <a href={href}>{href}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Report report={view.report} done={view.status === "done"} />
    </div>
  );
}
