import type { ReactNode } from "react";
import type { ProblemView } from "./print-desk-views.ts";

/** A labelled field with its problem next to it, for the print desk's plain forms. */

export const fieldId = (form: string, field: string): string => `p-pd-${form}-${field}`;

export function problemFor(problems: readonly ProblemView[], field: string): string | null {
  return problems.find((problem) => problem.field === field)?.message ?? null;
}

export function Field({
  form,
  name,
  label,
  problem,
  hint,
  children,
}: {
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
}) {
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="p-pd-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="p-pd-hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="p-pd-problem">
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

/** A problem on the whole form (`form`), announced. */
export function FormProblem({ problems }: { problems: readonly ProblemView[] }) {
  const message = problemFor(problems, "form");
  return message ? (
    <p className="p-pd-problem" role="alert">
      {message}
    </p>
  ) : null;
}

export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p className="p-pd-notice" role="status">
      {text}
    </p>
  ) : null;
}
