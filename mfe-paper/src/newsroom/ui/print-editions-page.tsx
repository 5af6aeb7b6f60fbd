import { Field, FormProblem, Notice, problemFor } from "./form-bits.tsx";
import type { PlanFormView, PrintEditionsView } from "./print-desk-views.ts";

/** `/newsroom/print`: the desk's editions and the "Plan an edition" form. */

const doneText: Readonly<Record<string, string>> = {
  planned: "The edition is planned.",
};

function PlanForm({ plan }: { plan: PlanFormView }) {
  const dateProblem = problemFor(plan.problems, "date");
  return (
    <form method="post" action={plan.action} aria-labelledby="p-pd-plan-title">
      <h2 id="p-pd-plan-title">Plan an edition</h2>
      <FormProblem problems={plan.problems} />
      <input type="hidden" name="intent" value="plan" />
      <Field
        form="plan"
        name="date"
        label="Date of the edition"
        problem={dateProblem}
        hint="A date from today on."
      >
        {(attributes) => <input {...attributes} type="date" required defaultValue={plan.date} />}
      </Field>
      {plan.existingHref ? (
        <p>
          <a href={plan.existingHref}>Open the edition of that date</a>
        </p>
      ) : null}
      <fieldset>
        <legend>Books and pages</legend>
        <div className="p-pd-choice">
          <input
            type="radio"
            id="p-pd-plan-source-template"
            name="source"
            value="template"
            defaultChecked={plan.source === "template"}
          />
          <label htmlFor="p-pd-plan-source-template">From the template</label>
        </div>
        {plan.copyChoices.length > 0 ? (
          <div className="p-pd-choice">
            <input
              type="radio"
              id="p-pd-plan-source-copy"
              name="source"
              value="copy"
              defaultChecked={plan.source === "copy"}
            />
            <label htmlFor="p-pd-plan-source-copy">Copied from a previous edition</label>
          </div>
        ) : null}
      </fieldset>
      {plan.copyChoices.length > 0 ? (
        <Field
          form="plan"
          name="copyFrom"
          label="Edition to copy"
          problem={problemFor(plan.problems, "copyFrom")}
        >
          {(attributes) => (
            <select {...attributes} defaultValue={plan.copyFrom}>
              {plan.copyChoices.map((choice) => (
                <option key={choice.date} value={choice.date}>
                  {choice.dateLabel}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <button type="submit">Plan the edition</button>
    </form>
  );
}

export function PrintEditionsPage({ view }: { view: PrintEditionsView }) {
  return (
    <div className="p-pd">
      <h1>Print desk</h1>
      <Notice text={view.done ? (doneText[view.done] ?? null) : null} />
      <p>
        <a href={view.templateHref}>The usual books and the days without an edition</a>
      </p>
      <PlanForm plan={view.plan} />
      <h2>Editions</h2>
      {view.editions.length === 0 ? (
        <p>No edition is planned yet.</p>
      ) : (
        <ul className="p-pd-editions">
          {view.editions.map((edition) => (
            <li key={edition.date}>
              <a href={edition.href}>{edition.dateLabel}</a>{" "}
              {edition.status === "published" ? "published" : "planned"}, {edition.pageCount}{" "}
              {edition.pageCount === 1 ? "page" : "pages"}, {edition.placementCount}{" "}
              {edition.placementCount === 1 ? "story placed" : "stories placed"}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
