import type { ReactNode } from "react";
import type { DiffPartView, FieldChangeView, ProblemView } from "./newsroom-views.ts";

/**
 * Small parts every story-desk screen uses: a labelled field with its problem next to it, a
 * summary of problems that links to each field, and a text diff.
 */

export const fieldId = (form: string, field: string): string => `c-nr-${form}-${field}`;

export function problemFor(problems: readonly ProblemView[], field: string): string | null {
  return problems.find((p) => p.field === field)?.message ?? null;
}

export function ProblemSummary({
  problems,
  form,
  labels,
}: {
  problems: readonly ProblemView[];
  form: string;
  labels: Readonly<Record<string, string>>;
}) {
  if (problems.length === 0) return null;
  return (
    <div className="c-nr-problems" role="alert" aria-labelledby={`${form}-problems-title`}>
      <h2 id={`${form}-problems-title`}>
        {problems.length === 1 ? "There is a problem" : "There are problems"}
      </h2>
      <ul>
        {problems.map((p) => (
          <li key={`${p.field}:${p.message}`}>
            {labels[p.field] ? (
              <a href={`#${fieldId(form, p.field)}`}>
                {labels[p.field]}: {p.message}
              </a>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps {
  form: string;
  name: string;
  label: string;
  problem: string | null;
  hint?: ReactNode;
  children: (attributes: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}

/** A label, an optional hint, the control and its problem, tied together for screen readers. */
export function Field({ form, name, label, problem, hint, children }: FieldProps) {
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={problem ? "c-nr-field c-nr-field--problem" : "c-nr-field"}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="c-nr-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="c-nr-problem" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
      {children({
        id,
        name,
        ...(problem ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
    </div>
  );
}

export function DiffText({ parts }: { parts: readonly DiffPartView[] }) {
  return (
    <pre className="c-nr-diff">
      {parts.map((part, index) =>
        part.change === "added" ? (
          <ins key={index}>{part.text}</ins>
        ) : part.change === "removed" ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </pre>
  );
}

/** Field-by-field changes; `ins` is what was added, `del` what was removed. */
export function ChangeList({ changes }: { changes: readonly FieldChangeView[] }) {
  if (changes.length === 0) return <p>No field differs.</p>;
  return (
    <dl className="c-nr-changes">
      {changes.map((change) => (
        <div key={change.field}>
          <dt>{change.label}</dt>
          <dd>
            <DiffText parts={change.parts} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
