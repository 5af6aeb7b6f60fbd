import { Field, FormProblem, Notice, problemFor } from "./form-bits.tsx";
import { WEEKDAYS, type PrintTemplateView } from "./print-desk-views.ts";

/** `/newsroom/print/template`: the usual books and page counts, and the days without a paper. */

const weekdayNames: Readonly<Record<(typeof WEEKDAYS)[number], string>> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

export function PrintTemplatePage({ view }: { view: PrintTemplateView }) {
  return (
    <div className="p-pd">
      <h1>Print template</h1>
      <p>
        <a href={view.listHref}>All editions</a>
      </p>
      <Notice text={view.done === "template" ? "The template is saved." : null} />
      {view.conflict ? (
        <p className="p-pd-problem" role="alert">
          Someone else changed the template since you opened it. The form still holds what you sent;
          save it again to keep it.
        </p>
      ) : null}
      <form method="post" action={view.action} aria-labelledby="p-pd-template-title">
        <h2 id="p-pd-template-title">The usual books</h2>
        <input type="hidden" name="intent" value="save-template" />
        <input type="hidden" name="baseRevision" value={view.baseRevision} />
        <input type="hidden" name="books" value={view.books.length} />
        <FormProblem problems={view.problems} />
        <p className="p-pd-hint">Leave a row empty to drop its book.</p>
        {view.books.map((book, index) => (
          <fieldset key={index}>
            <legend>Book {index + 1}</legend>
            <Field
              form="template"
              name={`book-${index}-letter`}
              label="Letter"
              problem={problemFor(view.problems, `book-${index}-letter`)}
            >
              {(attributes) => (
                <input {...attributes} type="text" maxLength={1} defaultValue={book.letter} />
              )}
            </Field>
            <Field
              form="template"
              name={`book-${index}-name`}
              label="Name"
              problem={problemFor(view.problems, `book-${index}-name`)}
            >
              {(attributes) => (
                <input {...attributes} type="text" maxLength={40} defaultValue={book.name} />
              )}
            </Field>
            <Field
              form="template"
              name={`book-${index}-pages`}
              label="Number of pages"
              problem={problemFor(view.problems, `book-${index}-pages`)}
            >
              {(attributes) => (
                <input {...attributes} type="number" min={1} defaultValue={book.pageCount} />
              )}
            </Field>
          </fieldset>
        ))}
        <fieldset>
          <legend>Weekdays without an edition</legend>
          {WEEKDAYS.map((day) => (
            <div className="p-pd-choice" key={day}>
              <input
                type="checkbox"
                id={`p-pd-template-no-${day}`}
                name={`no-edition-${day}`}
                defaultChecked={view.noEditionWeekdays.includes(day)}
              />
              <label htmlFor={`p-pd-template-no-${day}`}>{weekdayNames[day]}</label>
            </div>
          ))}
        </fieldset>
        <Field
          form="template"
          name="noEditionDates"
          label="Other days without an edition"
          problem={problemFor(view.problems, "noEditionDates")}
          hint="Holidays: one date a line, written YYYY-MM-DD."
        >
          {(attributes) => <textarea {...attributes} rows={5} defaultValue={view.noEditionDates} />}
        </Field>
        <button type="submit">Save the template</button>
      </form>
    </div>
  );
}
