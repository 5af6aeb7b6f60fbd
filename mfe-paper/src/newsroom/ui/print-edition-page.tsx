import { PRINT_HEADLINE_MAX } from "./print-desk-limits.ts";
import { Field, FormProblem, Notice, fieldId, problemFor } from "./form-bits.tsx";
import type {
  PlacementFormView,
  PrintEditionDeskView,
  PrintPageFormView,
  StoryChoice,
} from "./print-desk-views.ts";

/**
 * `/newsroom/print/:date`: the desk for one edition. Every page is its own form (placements in
 * order, each with its print headline, order, lead and remove; a story to add), so saving one
 * page never sends another's; a page refused with 409 shows what the editor sent beside the
 * page as it is now. The unplaced stories of the day are listed, and the publish form follows.
 */

const doneText: Readonly<Record<string, string>> = {
  "page-saved": "The page is saved.",
  published: "The edition is published.",
  scheduled: "The edition will be published at the publish hour.",
};

function PlacementRow({
  page,
  placement,
  index,
  count,
  problem,
}: {
  page: string;
  placement: PlacementFormView;
  index: number;
  count: number;
  problem: string | null;
}) {
  const form = `page-${page}`;
  const headlineId = fieldId(form, `headline-${index}`);
  return (
    <li className="p-pd-placement">
      <input type="hidden" name={`story-${index}`} value={placement.storyId} />
      <p className="p-pd-web-headline">Web headline: {placement.webHeadline}</p>
      {problem ? (
        <p id={`${headlineId}-problem`} className="p-pd-problem">
          {problem}
        </p>
      ) : null}
      <label htmlFor={headlineId}>Print headline</label>
      <input
        id={headlineId}
        name={`headline-${index}`}
        type="text"
        required
        maxLength={PRINT_HEADLINE_MAX}
        defaultValue={placement.printHeadline}
        {...(problem
          ? { "aria-invalid": true as const, "aria-describedby": `${headlineId}-problem` }
          : {})}
      />
      <label htmlFor={fieldId(form, `order-${index}`)}>Order on the page</label>
      <input
        id={fieldId(form, `order-${index}`)}
        name={`order-${index}`}
        type="number"
        min={1}
        required
        defaultValue={placement.order}
      />
      <div className="p-pd-choice">
        <input
          type="radio"
          id={fieldId(form, `lead-${index}`)}
          name="lead"
          value={placement.storyId}
          defaultChecked={placement.lead}
        />
        <label htmlFor={fieldId(form, `lead-${index}`)}>Lead of the page</label>
      </div>
      <div className="p-pd-choice">
        <input type="checkbox" id={fieldId(form, `remove-${index}`)} name={`remove-${index}`} />
        <label htmlFor={fieldId(form, `remove-${index}`)}>Remove from the page</label>
      </div>
      <div className="p-pd-order">
        {index > 0 ? (
          <button type="submit" name="move" value={`up:${index}`}>
            Move up<span className="p-visually-hidden">: {placement.printHeadline}</span>
          </button>
        ) : null}
        {index < count - 1 ? (
          <button type="submit" name="move" value={`down:${index}`}>
            Move down<span className="p-visually-hidden">: {placement.printHeadline}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

function PageForm({
  view,
  page,
  unplaced,
}: {
  view: PrintEditionDeskView;
  page: PrintPageFormView;
  unplaced: readonly StoryChoice[];
}) {
  const form = `page-${page.label}`;
  const titleId = `p-pd-page-${page.label}-title`;
  // A refused page keeps what the editor sent in its fields.
  const rows = page.sent ?? page.placements;
  return (
    <form
      method="post"
      action={view.action}
      aria-labelledby={titleId}
      className="p-pd-page"
      id={`page-${page.label}`}
    >
      <h3 id={titleId}>Page {page.label}</h3>
      {/* Enter in a field presses the form's first button: this one saves, never a move. The
          shell keeps a field's first value, so moves have their own name, not `intent`. */}
      <button type="submit" className="p-visually-hidden" tabIndex={-1} aria-hidden="true">
        Save page {page.label}
      </button>
      <input type="hidden" name="intent" value="save-page" />
      <input type="hidden" name="page" value={page.label} />
      <input type="hidden" name="baseRevision" value={view.baseRevision} />
      <input type="hidden" name="placements" value={rows.length} />
      <FormProblem problems={page.problems} />
      {page.sent ? (
        <div className="p-pd-now">
          <h4>The page as it is now</h4>
          {page.placements.length === 0 ? (
            <p>No story is placed on it.</p>
          ) : (
            <ol>
              {page.placements.map((placement) => (
                <li key={placement.storyId}>
                  {placement.printHeadline}
                  {placement.lead ? " (lead)" : ""}
                </li>
              ))}
            </ol>
          )}
          <p>The form below still holds what you sent. Save it again to keep it.</p>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p>No story is placed on this page.</p>
      ) : (
        <ol className="p-pd-placements">
          {rows.map((placement, index) => (
            <PlacementRow
              key={`${placement.storyId}:${index}`}
              page={page.label}
              placement={placement}
              index={index}
              count={rows.length}
              problem={problemFor(page.problems, `headline-${index}`)}
            />
          ))}
        </ol>
      )}
      <Field
        form={form}
        name="add-story"
        label={`Add a story to page ${page.label}`}
        problem={problemFor(page.problems, "add-story")}
        hint="Its print headline starts as the web headline."
      >
        {(attributes) => (
          <select {...attributes} defaultValue="">
            <option value="">No story to add</option>
            {unplaced.map((story) => (
              <option key={story.id} value={story.id}>
                {story.headline}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit">Save page {page.label}</button>
    </form>
  );
}

function PublishForm({ view }: { view: PrintEditionDeskView }) {
  return (
    <form method="post" action={view.action} aria-labelledby="p-pd-publish-title">
      <h2 id="p-pd-publish-title">Publish</h2>
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="baseRevision" value={view.baseRevision} />
      <FormProblem problems={view.problems.filter((problem) => problem.field === "form")} />
      <fieldset>
        <legend>When readers see the edition</legend>
        <div className="p-pd-choice">
          <input type="radio" id="p-pd-publish-hour" name="when" value="scheduled" defaultChecked />
          <label htmlFor="p-pd-publish-hour">At the publish hour ({view.publishHour})</label>
        </div>
        <div className="p-pd-choice">
          <input type="radio" id="p-pd-publish-now" name="when" value="now" />
          <label htmlFor="p-pd-publish-now">Now</label>
        </div>
      </fieldset>
      <button type="submit">Publish the edition</button>
    </form>
  );
}

export function PrintEditionPage({ view }: { view: PrintEditionDeskView }) {
  return (
    <div className="p-pd">
      <h1>Edition of {view.dateLabel}</h1>
      <p>
        {view.status === "published" ? "Published" : "Planned"}.{" "}
        <a href={view.listHref}>All editions</a>
      </p>
      <Notice text={view.done ? (doneText[view.done] ?? null) : null} />
      {view.conflict ? (
        <p className="p-pd-problem" role="alert">
          Someone else changed this edition since you opened it. The page shows what it holds now,
          and your changes are kept in its form.
        </p>
      ) : null}
      <h2>Stories of the day not yet placed</h2>
      {view.unplaced.length === 0 ? (
        <p>Every story of the day is placed.</p>
      ) : (
        <ul className="p-pd-unplaced">
          {view.unplaced.map((story) => (
            <li key={story.id}>{story.headline}</li>
          ))}
        </ul>
      )}
      {view.books.map((book) => (
        <section key={book.letter} aria-labelledby={`p-pd-book-${book.letter}`}>
          <h2 id={`p-pd-book-${book.letter}`}>
            Book {book.letter}: {book.name}
          </h2>
          {book.pages.map((page) => (
            <PageForm key={page.label} view={view} page={page} unplaced={view.unplaced} />
          ))}
        </section>
      ))}
      <PublishForm view={view} />
    </div>
  );
}
