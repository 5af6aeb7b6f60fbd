import { formFields, problemFor } from "shell/fragment-kit/form-fields";
import type { ProblemView } from "./print-desk-views.ts";

/** A labelled field with its problem next to it, for the print desk's plain forms. */
const fields = formFields("p-pd");
export const fieldId = fields.fieldId;
export const Field = fields.Field;
export { problemFor };

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
