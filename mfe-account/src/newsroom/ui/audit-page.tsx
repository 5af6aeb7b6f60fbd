import { AccountPanel } from "../../ui/account-panel.tsx";
import { ErrorSummary } from "../../ui/form-parts.tsx";
import type { AuditView } from "./newsroom-view.ts";

/** `/newsroom/audit` (admins): who did what, newest first, a page at a time. */

export function AuditPage({ view }: { view: AuditView }) {
  const { entries, olderHref, newestHref } = view;
  return (
    <AccountPanel
      title="Audit log"
      intro={`Every publication, schedule, correction and staff change, newest first. Times are in the ${view.timeZone} time zone.`}
      wide
    >
      <ErrorSummary problems={view.problems} />
      {entries.length === 0 && view.problems.length === 0 ? (
        <p>Nothing has been logged yet.</p>
      ) : null}
      {entries.length > 0 && (
        // Focusable, so keyboard users can scroll a table wider than the screen.
        <div className="a-nr-scroll" role="region" aria-label="Audit log entries" tabIndex={0}>
          <table className="a-nr-table">
            <caption className="a-visually-hidden">Audit log entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.atIso}>{entry.at}</time>
                  </td>
                  <td>{entry.actor}</td>
                  <th scope="row">{entry.action}</th>
                  <td>{entry.subject}</td>
                  <td>
                    {entry.lines.length > 0 ? (
                      <ul className="a-nr-lines">
                        {entry.lines.map((line, index) => (
                          <li key={index}>{line}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(olderHref || newestHref) && (
        <nav className="a-nr-pager" aria-label="Pages of the audit log">
          {newestHref && <a href={newestHref}>Newest entries</a>}
          {olderHref && <a href={olderHref}>Older entries</a>}
        </nav>
      )}
    </AccountPanel>
  );
}
