import { BooksForm, Conflict } from "./books-form.tsx";
import { Field, FormProblem, Notice, problemFor } from "./form-bits.tsx";
import { NO_EDITION_NOTE_MAX } from "edge-api/contract/print-desk-limits";
import {
  WEEKDAYS,
  type NoEditionDaysFormView,
  type PrintTemplateView,
} from "./print-desk-views.ts";

/**
 * `/newsroom/print/template`: the usual books and page counts (the template) and the days
 * without a paper (the settings), two forms, each with its own revision.
 */

const weekdayNames: Readonly<Record<(typeof WEEKDAYS)[number], string>> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const doneText: Readonly<Record<string, string>> = {
  template: "The usual books are saved.",
  settings: "The days without an edition are saved.",
};

function DaysForm({ action, form }: { action: string; form: NoEditionDaysFormView }) {
  return (
    <form method="post" action={action} aria-labelledby="p-pd-days-title">
      <h2 id="p-pd-days-title">Days without an edition</h2>
      <Conflict what="the days without an edition" shown={form.conflict} />
      <input type="hidden" name="intent" value="save-settings" />
      <input type="hidden" name="baseRevision" value={form.baseRevision} />
      <FormProblem problems={form.problems} />
      <fieldset>
        <legend>Weekdays without an edition</legend>
        {WEEKDAYS.map((day) => (
          <div className="p-pd-choice" key={day}>
            <input
              type="checkbox"
              id={`p-pd-days-no-${day}`}
              name={`no-edition-${day}`}
              defaultChecked={form.weekdays.includes(day)}
            />
            <label htmlFor={`p-pd-days-no-${day}`}>{weekdayNames[day]}</label>
          </div>
        ))}
      </fieldset>
      <Field
        form="days"
        name="noEditionDates"
        label="Other days without an edition"
        problem={problemFor(form.problems, "noEditionDates")}
        hint={`Holidays: one a line, the date written YYYY-MM-DD, then a note if you like (at most ${NO_EDITION_NOTE_MAX} characters), e.g. 2026-12-25 Christmas Day.`}
      >
        {(attributes) => <textarea {...attributes} rows={6} defaultValue={form.dates} />}
      </Field>
      <button type="submit">Save the days without an edition</button>
    </form>
  );
}

export function PrintTemplatePage({ view }: { view: PrintTemplateView }) {
  return (
    <div className="p-pd">
      <h1>Print template</h1>
      <p>
        <a href={view.listHref}>All editions</a>
      </p>
      <Notice text={view.done ? (doneText[view.done] ?? null) : null} />
      <p>{`Editions are published at ${view.publishHour}, the paper’s publish hour.`}</p>
      <BooksForm
        action={view.action}
        form={view.template}
        part={{
          id: "template",
          title: "The usual books",
          intent: "save-template",
          hint: "A new edition planned from the template gets these books and pages, in this order. Leave a row empty to drop its book.",
          submit: "Save the usual books",
        }}
      />
      <DaysForm action={view.action} form={view.days} />
    </div>
  );
}
