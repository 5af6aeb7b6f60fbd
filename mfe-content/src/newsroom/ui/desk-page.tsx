import { hrefFor } from "shell/contract/addresses";
import { PublicationTime } from "../../ui/publication-time.tsx";
import { statusLabels, type DeskView, type OptionView } from "./newsroom-views.ts";

/** One filter of the story list: a labelled select whose first choice is "any". */
function FilterSelect({
  name,
  label,
  any,
  options,
  value,
}: {
  name: string;
  label: string;
  any: string;
  options: readonly OptionView[];
  value: string;
}) {
  const id = `c-nr-desk-${name}`;
  return (
    <div className="c-nr-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/newsroom`: the story list with its filters (a GET form that works without JavaScript). */
export function DeskPage({ view }: { view: DeskView }) {
  const { filters } = view;
  return (
    <div className="c-page c-nr c-nr-desk">
      <div className="c-nr-heading">
        <h1>Stories</h1>
        <p>
          <a className="c-nr-button" href={view.newStoryHref}>
            New story
          </a>
        </p>
      </div>
      <form
        className="c-nr-filters"
        method="get"
        action={hrefFor("content.newsroom")}
        role="search"
      >
        <div className="c-nr-field">
          <label htmlFor="c-nr-desk-q">Headline contains</label>
          <input id="c-nr-desk-q" type="search" name="q" defaultValue={filters.q} maxLength={200} />
        </div>
        <FilterSelect
          name="status"
          label="Status"
          any="Any status"
          options={view.statuses}
          value={filters.status}
        />
        <FilterSelect
          name="section"
          label="Section"
          any="Any section"
          options={view.sections}
          value={filters.section}
        />
        <FilterSelect
          name="author"
          label="Author"
          any="Any author"
          options={view.authors}
          value={filters.author}
        />
        <button type="submit">Show stories</button>
      </form>
      {view.stories.length === 0 ? (
        <p className="c-empty">No stories match these filters.</p>
      ) : (
        <table className="c-nr-table">
          <caption className="c-visually-hidden">Stories, most recently updated first</caption>
          <thead>
            <tr>
              <th scope="col">Headline</th>
              <th scope="col">Status</th>
              <th scope="col">Section</th>
              <th scope="col">Authors</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {view.stories.map((story) => (
              <tr key={story.href}>
                <th scope="row">
                  <a href={story.href}>{story.headline}</a>
                </th>
                <td>
                  <span className={`c-nr-status c-nr-status--${story.status}`}>
                    {statusLabels[story.status]}
                  </span>
                  {story.status === "scheduled" && story.publishedAt ? (
                    <>
                      {" "}
                      (goes live <PublicationTime iso={story.publishedAt} withTime />)
                    </>
                  ) : null}
                </td>
                <td>{story.section}</td>
                <td>{story.authors.join(", ")}</td>
                <td>
                  <PublicationTime iso={story.updatedAt} withTime />
                  {story.updatedBy ? ` by ${story.updatedBy}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="c-pagination" aria-label="More stories">
        {view.paged ? <a href={view.firstHref}>Newest stories</a> : null}
        {view.nextHref ? (
          <a href={view.nextHref} rel="next">
            Older stories
          </a>
        ) : null}
      </nav>
    </div>
  );
}
