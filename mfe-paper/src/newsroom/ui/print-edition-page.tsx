import { BooksForm } from "./books-form.tsx";
import { PRINT_HEADLINE_MAX } from "edge-api/contract/print-desk-limits";
import { Field, FormProblem, Notice, fieldId, problemFor } from "./form-bits.tsx";
import type {
  PlacementFormView,
  PrintEditionDeskView,
  PrintPageFormView,
  StoryChoice,
  StorySearchView,
} from "./print-desk-views.ts";

/**
 * `/newsroom/print/:date`: the desk for one edition. Every page is its own form (placements in
 * order, each with its print headline, order, lead and remove; a story to add), so saving one
 * page never sends another's; a page refused with 409 shows what the editor sent beside the
 * page as it is now. The unplaced stories of the day are listed, and the publish form follows.
 */

const doneText: Readonly<Record<string, string>> = {
  planned: "The edition is planned. Its books and pages come from the template or the copy.",
  published: "The edition is published.",
  scheduled: "The edition will be published at the publish hour.",
};

/**
 * A saved page or the saved books say so inside their own form, where the 303's anchor puts
 * the editor (on a phone the top of the desk is thousands of pixels away).
 */
const savedText = {
  page: "The page is saved.",
  books: "The edition's pages are saved.",
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
  // Every row has the same labels; the story's web headline says which row a field is in.
  const storyId = `${fieldId(form, `story-${index}`)}-web`;
  return (
    <li className="p-pd-placement">
      <input type="hidden" name={`story-${index}`} value={placement.storyId} />
      <p className="p-pd-web-headline" id={storyId}>
        Web headline: {placement.webHeadline}
      </p>
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
        aria-describedby={problem ? `${headlineId}-problem ${storyId}` : storyId}
        {...(problem ? { "aria-invalid": true as const } : {})}
      />
      <label htmlFor={fieldId(form, `order-${index}`)}>Order on the page</label>
      <input
        id={fieldId(form, `order-${index}`)}
        name={`order-${index}`}
        type="number"
        min={1}
        required
        defaultValue={placement.order}
        aria-describedby={storyId}
      />
      <div className="p-pd-choice">
        <input
          type="radio"
          id={fieldId(form, `lead-${index}`)}
          name="lead"
          value={placement.storyId}
          defaultChecked={placement.lead}
          aria-describedby={storyId}
        />
        <label htmlFor={fieldId(form, `lead-${index}`)}>Lead of the page</label>
      </div>
      <div className="p-pd-choice">
        <input
          type="checkbox"
          id={fieldId(form, `remove-${index}`)}
          name={`remove-${index}`}
          aria-describedby={storyId}
        />
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

/** The found stories not placed in the edition yet, which a page can take. */
function placeable(search: StorySearchView | null, unplaced: readonly StoryChoice[]) {
  const listed = new Set(unplaced.map((story) => story.id));
  return (search?.found ?? []).filter((story) => story.placedOn === null && !listed.has(story.id));
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
  const found = placeable(view.search, unplaced);
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
      <Notice
        text={view.done === "page-saved" && view.savedPage === page.label ? savedText.page : null}
      />
      {/* Enter in a field presses the form's first button: this one saves, never a move. The
          shell keeps a field's first value, so moves have their own name, not `intent`. */}
      <button type="submit" className="p-visually-hidden" tabIndex={-1} aria-hidden="true">
        Save page {page.label}
      </button>
      <input type="hidden" name="intent" value="save-page" />
      <input type="hidden" name="page" value={page.label} />
      <input type="hidden" name="baseRevision" value={view.baseRevision} />
      <input type="hidden" name="placements" value={rows.length} />
      {/* The search the editor ran, so a found story can be added and the search kept. */}
      {view.search ? <input type="hidden" name="q" value={view.search.q} /> : null}
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
            {found.length > 0 ? (
              <optgroup label={`Found for “${view.search?.q ?? ""}”`}>
                {found.map((story) => (
                  <option key={story.id} value={story.id}>
                    {story.headline}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {unplaced.length > 0 ? (
              <optgroup label="Stories of the day">
                {unplaced.map((story) => (
                  <option key={story.id} value={story.id}>
                    {story.headline}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      </Field>
      <button type="submit">Save page {page.label}</button>
    </form>
  );
}

function PublishForm({ view }: { view: PrintEditionDeskView }) {
  const published = view.status === "published";
  return (
    <form method="post" action={view.action} aria-labelledby="p-pd-publish-title">
      <h2 id="p-pd-publish-title">{published ? "Published" : "Publish"}</h2>
      {published ? (
        <p className="p-pd-hint">
          Readers see this edition (or will, at the time it was given). A saved page shows to them
          at once; publishing again only changes when they first see it.
        </p>
      ) : null}
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
      <button type="submit">{published ? "Publish again" : "Publish the edition"}</button>
    </form>
  );
}

/** "Find a story" of any day: a GET form, so it works without JavaScript and can be shared. */
function SearchForm({ view }: { view: PrintEditionDeskView }) {
  const search = view.search;
  return (
    <form method="get" action={view.action} role="search" aria-labelledby="p-pd-find-title">
      <h2 id="p-pd-find-title">Find a story</h2>
      <Field
        form="find"
        name="q"
        label="Words of its headline or its slug"
        problem={search?.problem ?? null}
        hint="Published and scheduled stories of any day. Those found can be added to a page below."
      >
        {(attributes) => (
          <input {...attributes} type="search" maxLength={200} defaultValue={search?.q ?? ""} />
        )}
      </Field>
      <button type="submit">Find</button>
      {search && search.problem === null ? (
        search.found.length === 0 ? (
          <p role="status">{`No published story matches “${search.q}”.`}</p>
        ) : (
          <>
            <p role="status">{`${search.found.length === 1 ? "One story matches" : `${search.found.length} stories match`} “${search.q}”.`}</p>
            <ul className="p-pd-found">
              {search.found.map((story) => (
                <li key={story.id}>
                  {story.headline}
                  {story.placedOn ? ` (on page ${story.placedOn})` : ""}
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
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
      <SearchForm view={view} />
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
      <BooksForm
        action={view.action}
        form={view.booksForm}
        notice={view.done === "books-saved" ? savedText.books : null}
        part={{
          id: "books",
          title: "Pages of this edition",
          intent: "save-books",
          hint: "This edition's books and how many pages each has (a thin day has fewer). Leave a row empty to drop its book; a page with stories cannot be cut.",
          submit: "Save the pages of this edition",
        }}
      />
      <PublishForm view={view} />
    </div>
  );
}
