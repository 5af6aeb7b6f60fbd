import { Field, problemFor, TextField } from "./form-bits.tsx";
import type { ProblemView, TaxonomyItemView, TaxonomyView } from "./newsroom-views.ts";

/**
 * `/newsroom/sections`, `/newsroom/authors`, `/newsroom/tags`: every item is its own small
 * form; the one that was refused comes back with what was typed and its problems.
 */

const formId = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, "-");

interface ItemFormProps {
  view: TaxonomyView;
  formKey: string;
  intent: string;
  item: TaxonomyItemView | null;
  submitLabel: string;
  heading: string;
  kind: "section" | "category" | "author" | "tag";
  hidden?: Record<string, string>;
}

function ItemForm({
  view,
  formKey,
  intent,
  item,
  submitLabel,
  heading,
  kind,
  hidden,
}: ItemFormProps) {
  const failed = view.failedForm === formKey;
  const problems: ProblemView[] = failed ? view.problems : [];
  const value = (field: string, fallback: string) =>
    failed ? (view.sent[field] ?? fallback) : fallback;
  const form = formId(formKey);
  return (
    <form className="c-nr-item-form" method="post" action={view.action} aria-label={heading}>
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      {Object.entries(hidden ?? {}).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      {failed && problemFor(problems, "form") ? (
        <p className="c-nr-problem" role="alert">
          {problemFor(problems, "form")}
        </p>
      ) : null}
      <TextField
        form={form}
        name="name"
        label="Name"
        problem={problemFor(problems, "name")}
        maxLength={120}
        defaultValue={value("name", item?.name ?? "")}
      />
      <TextField
        form={form}
        name="slug"
        label="Slug"
        problem={problemFor(problems, "slug")}
        hint={
          item
            ? "Part of the address."
            : "Part of the address. Left empty, it is made from the name."
        }
        maxLength={80}
        defaultValue={value("slug", item?.slug ?? "")}
      />
      {kind === "author" ? (
        <TextField
          form={form}
          name="jobTitle"
          label="Job title"
          problem={problemFor(problems, "jobTitle")}
          maxLength={120}
          defaultValue={value("jobTitle", item?.jobTitle ?? "")}
        />
      ) : null}
      {kind !== "category" ? (
        <Field
          form={form}
          name="description"
          label={kind === "author" ? "Biography" : "Description"}
          problem={problemFor(problems, "description")}
        >
          {(a) => (
            <textarea
              {...a}
              rows={2}
              maxLength={1000}
              defaultValue={value("description", item?.description ?? "")}
            />
          )}
        </Field>
      ) : null}
      <button type="submit" name="intent" value={intent}>
        {submitLabel}
      </button>
    </form>
  );
}

function Sections({ view }: { view: TaxonomyView }) {
  const orderProblem = view.failedForm === "order" ? view.problems[0]?.message : null;
  return (
    <>
      {orderProblem ? (
        <p className="c-nr-problem" role="alert">
          {orderProblem}
        </p>
      ) : null}
      <ol className="c-nr-items">
        {view.sections.map((section) => (
          <li key={section.id}>
            <h2>{section.name}</h2>
            <div className="c-nr-order">
              {section.upOrder ? (
                <form method="post" action={view.action}>
                  <input type="hidden" name="ids" value={section.upOrder} />
                  <button type="submit" name="intent" value="order">
                    {`Move ${section.name} up`}
                  </button>
                </form>
              ) : null}
              {section.downOrder ? (
                <form method="post" action={view.action}>
                  <input type="hidden" name="ids" value={section.downOrder} />
                  <button type="submit" name="intent" value="order">
                    {`Move ${section.name} down`}
                  </button>
                </form>
              ) : null}
            </div>
            <ItemForm
              view={view}
              formKey={section.id}
              intent="update-section"
              item={section}
              kind="section"
              heading={`Edit section ${section.name}`}
              submitLabel={`Save ${section.name}`}
            />
            <h3>{`Categories of ${section.name}`}</h3>
            <ul className="c-nr-items">
              {section.categories.map((category) => (
                <li key={category.id}>
                  <ItemForm
                    view={view}
                    formKey={`category:${category.id}`}
                    intent="update-category"
                    item={category}
                    kind="category"
                    heading={`Edit category ${category.name}`}
                    submitLabel={`Save ${category.name}`}
                  />
                </li>
              ))}
            </ul>
            <h4>{`New category in ${section.name}`}</h4>
            <ItemForm
              view={view}
              formKey={`new-category:${section.id}`}
              intent="create-category"
              item={null}
              kind="category"
              hidden={{ sectionId: section.id }}
              heading={`New category in ${section.name}`}
              submitLabel="Create category"
            />
          </li>
        ))}
      </ol>
      <h2>New section</h2>
      <ItemForm
        view={view}
        formKey="new"
        intent="create-section"
        item={null}
        kind="section"
        heading="New section"
        submitLabel="Create section"
      />
    </>
  );
}

function Items({ view, kind }: { view: TaxonomyView; kind: "author" | "tag" }) {
  const noun = kind === "author" ? "author profile" : "tag";
  return (
    <>
      <h2>New {noun}</h2>
      <ItemForm
        view={view}
        formKey="new"
        intent={`create-${kind}`}
        item={null}
        kind={kind}
        heading={`New ${noun}`}
        submitLabel={`Create ${noun}`}
      />
      <h2>{kind === "author" ? "All author profiles" : "All tags"}</h2>
      {view.items.length === 0 ? <p>None yet.</p> : null}
      <ul className="c-nr-items">
        {view.items.map((item) => (
          <li key={item.id}>
            <h3>{item.name}</h3>
            <ItemForm
              view={view}
              formKey={item.id}
              intent={`update-${kind}`}
              item={item}
              kind={kind}
              heading={`Edit ${item.name}`}
              submitLabel={`Save ${item.name}`}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

const titles = { sections: "Sections and categories", authors: "Authors", tags: "Tags" } as const;

/** What a contributor sees: the names and slugs, without forms. */
function ReadOnly({ view }: { view: TaxonomyView }) {
  const items: TaxonomyItemView[] = view.view === "sections" ? view.sections : view.items;
  return (
    <>
      <p className="c-nr-notice">Only editors and admins change these.</p>
      <ul className="c-nr-items">
        {items.map((item) => (
          <li key={item.id}>
            {`${item.name} (${item.slug})`}
            {view.view === "sections" ? (
              <ul>
                {(view.sections.find((s) => s.id === item.id)?.categories ?? []).map((c) => (
                  <li key={c.id}>{`${c.name} (${c.slug})`}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function TaxonomyPage({ view }: { view: TaxonomyView }) {
  if (!view.canEdit) {
    return (
      <div className="c-page c-nr c-nr-taxonomy">
        <h1>{titles[view.view]}</h1>
        <ReadOnly view={view} />
      </div>
    );
  }
  return (
    <div className="c-page c-nr c-nr-taxonomy">
      <h1>{titles[view.view]}</h1>
      {view.notice ? (
        <p className="c-nr-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {view.view === "sections" ? (
        <>
          <p className="c-nr-hint">The order here is the order of the site's navigation.</p>
          <Sections view={view} />
        </>
      ) : (
        <Items view={view} kind={view.view === "authors" ? "author" : "tag"} />
      )}
    </div>
  );
}
