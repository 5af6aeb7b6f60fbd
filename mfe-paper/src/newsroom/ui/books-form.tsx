import { Field, FormProblem, Notice, problemFor } from "./form-bits.tsx";
import { PRINT_BOOK_NAME_MAX, PRINT_PAGES_MAX } from "edge-api/contract/print-desk-limits";
import type { TemplateFormView } from "./print-desk-views.ts";

/**
 * Books and page counts as rows (letter, name, number of pages; an empty row drops its book):
 * the template's usual books, and one edition's own books on its desk.
 */

export function Conflict({ what, shown }: { what: string; shown: boolean }) {
  return shown ? (
    <p className="p-pd-problem" role="alert">
      {`Someone else changed ${what} since you opened it. The form still holds what you sent; save it again to keep it.`}
    </p>
  ) : null;
}

export interface BooksFormPart {
  /** Prefix of the form's ids: `template`, `books`. */
  id: string;
  title: string;
  intent: string;
  hint: string;
  submit: string;
}

export function BooksForm({
  action,
  form,
  part,
  notice = null,
}: {
  action: string;
  form: TemplateFormView;
  part: BooksFormPart;
  /** "Saved", shown in the form itself (the 303 lands on it). */
  notice?: string | null;
}) {
  const titleId = `p-pd-${part.id}-title`;
  return (
    <form method="post" action={action} aria-labelledby={titleId}>
      <h2 id={titleId}>{part.title}</h2>
      <Notice text={notice} />
      <Conflict what={part.title.toLowerCase()} shown={form.conflict} />
      <input type="hidden" name="intent" value={part.intent} />
      <input type="hidden" name="baseRevision" value={form.baseRevision} />
      <input type="hidden" name="books" value={form.books.length} />
      <FormProblem problems={form.problems} />
      <p className="p-pd-hint">{part.hint}</p>
      {form.books.map((book, index) => (
        <fieldset key={index} className="p-pd-book">
          <legend>Book {index + 1}</legend>
          <Field
            form={part.id}
            name={`book-${index}-letter`}
            label="Letter"
            problem={problemFor(form.problems, `book-${index}-letter`)}
          >
            {(attributes) => (
              <input {...attributes} type="text" maxLength={1} defaultValue={book.letter} />
            )}
          </Field>
          <Field
            form={part.id}
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
            form={part.id}
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
      <button type="submit">{part.submit}</button>
    </form>
  );
}
