import type { ReactNode } from "react";
import { formFields, problemFor, type FieldProps } from "shell/fragment-kit/form-fields";
import type { DiffPartView, FieldChangeView, ProblemView } from "./newsroom-views.ts";

/**
 * Small parts every story-desk screen uses: a labelled field with its problem next to it, a
 * summary of problems that links to each field, and a text diff.
 */

const fields = formFields("c-nr");
export const fieldId = fields.fieldId;
/** A label, an optional hint, the control and its problem, tied together for screen readers. */
export const Field = fields.Field;
export { problemFor };

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

/** A one-line text field: `Field` around `<input type="text">`. */
export function TextField({
  maxLength,
  defaultValue,
  required,
  pattern,
  ...field
}: Omit<FieldProps, "children"> & {
  maxLength: number;
  defaultValue: string;
  required?: boolean;
  pattern?: string;
}) {
  return (
    <Field {...field}>
      {(a) => (
        <input
          {...a}
          type="text"
          maxLength={maxLength}
          required={required}
          pattern={pattern}
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/** A fieldset that is one field (checkboxes, date and time): its legend, its problem, its controls. */
export function FieldGroup({
  form,
  name,
  className,
  legend,
  problem,
  children,
}: {
  form: string;
  name: string;
  className: string;
  legend: string;
  problem: string | null;
  children: ReactNode;
}) {
  const id = fieldId(form, name);
  return (
    <fieldset
      className={className}
      id={id}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend>{legend}</legend>
      {problem ? (
        <p className="c-nr-problem" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
      {children}
    </fieldset>
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
