import { Field, FormProblem, Notice, problemFor } from "./form-bits.tsx";
import { NO_EDITION_NOTE_MAX, PRINT_BOOK_NAME_MAX, PRINT_PAGES_MAX } from "./print-desk-limits.ts";
import {
  WEEKDAYS,
  type NoEditionDaysFormView,
  type PrintTemplateView,
  type TemplateFormView,
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

function Conflict({ what, shown }: { what: string; shown: boolean }) {
  return shown ? (
    <p className="p-pd-problem" role="alert">
      {`Someone else changed ${what} since you opened it. The form still holds what you sent; save it again to keep it.`}
    </p>
  ) : null;
}

function BooksForm({ action, form }: { action: string; form: TemplateFormView }) {
  return (
    <form method="post" action={action} aria-labelledby="p-pd-template-title">
      <h2 id="p-pd-template-title">The usual books</h2>
      <Conflict what="the usual books" shown={form.conflict} />
      <input type="hidden" name="intent" value="save-template" />
      <input type="hidden" name="baseRevision" value={form.baseRevision} />
      <input type="hidden" name="books" value={form.books.length} />
      <FormProblem problems={form.problems} />
      <p className="p-pd-hint">
        A new edition planned from the template gets these books and pages, in this order. Leave a
        row empty to drop its book.
      </p>
      {form.books.map((book, index) => (
        <fieldset key={index}>
          <legend>Book {index + 1}</legend>
          <Field
            form="template"
            name={`book-${index}-letter`}
            label="Letter"
            problem={problemFor(form.problems, `book-${index}-letter`)}
          >
            {(attributes) => (
              <input {...attributes} type="text" maxLength={1} defaultValue={book.letter} />
            )}
          </Field>
          <Field
            form="template"
            name={`book-${index}-name`}
            label="Name"
            problem={problemFor(form.problems, `book-${index}-name`)}
          >
            {(attributes) => (
              <input
                {...attributes}
                type="text"
                maxLength={PRINT_BOOK_NAME_MAX}
                defaultValue={book.name}
              />
            )}
          </Field>
          <Field
            form="template"
            name={`book-${index}-pages`}
            label="Number of pages"
            problem={problemFor(form.problems, `book-${index}-pages`)}
          >
            {(attributes) => (
              <input
                {...attributes}
                type="number"
                min={1}
                max={PRINT_PAGES_MAX}
                defaultValue={book.pageCount}
              />
            )}
          </Field>
        </fieldset>
      ))}
      <button type="submit">Save the usual books</button>
    </form>
  );
}

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
      <BooksForm action={view.action} form={view.template} />
      <DaysForm action={view.action} form={view.days} />
    </div>
  );
}
