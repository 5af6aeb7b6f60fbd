import type { ReactNode } from "react";

/**
 * A labelled form field with its hint and its problem next to it, tied together for screen
 * readers (`aria-describedby`, `aria-invalid`): the newsroom's plain forms in every fragment.
 * Each fragment names its own class prefix (`c-nr`, `p-pd`), so its stylesheet stays its own.
 */

/** A problem on one field of a form (`form` for the whole form). */
export interface FieldProblem {
  field: string;
  message: string;
}

export function problemFor(problems: readonly FieldProblem[], field: string): string | null {
  return problems.find((problem) => problem.field === field)?.message ?? null;
}

/** What a field hands its control: spread it on the `<input>`, `<select>` or `<textarea>`. */
export interface FieldControl {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps {
  form: string;
  name: string;
  label: string;
  problem: string | null;
  hint?: ReactNode;
  children: (control: FieldControl) => ReactNode;
}

/** `fieldId` and `Field` for one fragment's class prefix (made once, at module level). */
export function formFields(prefix: string) {
  const fieldId = (form: string, field: string): string => `${prefix}-${form}-${field}`;

  /** A label, an optional hint, the control and its problem. */
  function Field({ form, name, label, problem, hint, children }: FieldProps) {
    const id = fieldId(form, name);
    const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""]
      .filter(Boolean)
      .join(" ");
    return (
      <div className={problem ? `${prefix}-field ${prefix}-field--problem` : `${prefix}-field`}>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p className={`${prefix}-hint`} id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        {problem ? (
          <p className={`${prefix}-problem`} id={`${id}-problem`}>
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

  return { fieldId, Field };
}
