import { useEffect, useRef } from "react";
import type { Problem } from "./account-view.ts";

/** What an account screen says about its forms: the problem summary and the status line. */

/**
 * Lists what went wrong, each linked to its field. It takes focus when it appears, so screen
 * reader and keyboard users land on it after a failed submission.
 */
export function ErrorSummary({ problems }: { problems: Problem[] }) {
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Worker's type libraries have no DOM; in the browser this is an HTMLDivElement.
    (summary.current as { focus?: () => void } | null)?.focus?.();
  }, [problems]);
  if (problems.length === 0) return null;
  return (
    <div
      ref={summary}
      className="a-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="a-summary-title"
    >
      <h2 id="a-summary-title" className="a-summary__title">
        There is a problem
      </h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.fieldId ?? ""}:${problem.message}`}>
            {problem.fieldId ? (
              <a href={`#${problem.fieldId}`}>{problem.message}</a>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StatusMessage({ children }: { children: string }) {
  return (
    <p className="a-status" role="status">
      {children}
    </p>
  );
}
