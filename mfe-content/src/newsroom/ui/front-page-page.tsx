import { PublicationTime } from "../../ui/publication-time.tsx";
import { Field, fieldId, FieldGroup, problemFor, ProblemSummary, TextField } from "./form-bits.tsx";
import type {
  FrontPageOptionView,
  FrontPageSectionView,
  FrontPageView,
  ProblemView,
} from "./newsroom-views.ts";

/**
 * `/newsroom/front-page` (issue 16): the lead and top stories, the section blocks and the
 * breaking-news banner, as two plain forms. Move buttons save the whole form with two slots
 * swapped, so ordering works without JavaScript.
 */

const FORM = "fp";
const BANNER_FORM = "banner";

function StoryOptions({ candidates }: { candidates: readonly FrontPageOptionView[] }) {
  return candidates.map((story) => (
    <option key={story.id} value={story.id}>
      {story.label}
    </option>
  ));
}

function problemsOf(view: FrontPageView, form: FrontPageView["failedForm"]): ProblemView[] {
  return view.failedForm === form ? view.problems : [];
}

function Slots({ view, problems }: { view: FrontPageView; problems: readonly ProblemView[] }) {
  const last = view.slots.length - 1;
  return (
    <ol className="c-nr-slots">
      {view.slots.map((slot, index) => (
        <li key={slot.name}>
          <Field
            form={FORM}
            name={slot.name}
            label={slot.label}
            problem={problemFor(problems, slot.name)}
          >
            {(attributes) => (
              <select {...attributes} defaultValue={slot.storyId}>
                <option value="">Automatic: the newest story not already on the page</option>
                <StoryOptions candidates={view.candidates} />
              </select>
            )}
          </Field>
          <div className="c-nr-pick">
            <input
              type="checkbox"
              id={fieldId(FORM, `${slot.name}-pin`)}
              name={`${slot.name}-pin`}
              defaultChecked={slot.pinned || slot.storyId === ""}
            />
            <label htmlFor={fieldId(FORM, `${slot.name}-pin`)}>
              {`Pin the chosen story as ${slot.label.toLowerCase()}`}
            </label>
          </div>
          <div className="c-nr-order">
            {index > 0 ? (
              <button type="submit" name="intent" value={`move-up:${index}`}>
                {`Move ${slot.label.toLowerCase()} up`}
              </button>
            ) : null}
            {index < last ? (
              <button type="submit" name="intent" value={`move-down:${index}`}>
                {`Move ${slot.label.toLowerCase()} down`}
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function SectionBlock({
  view,
  block,
  problems,
}: {
  view: FrontPageView;
  block: FrontPageSectionView;
  problems: readonly ProblemView[];
}) {
  const name = `section-${block.slug}`;
  const ownStories = view.candidates.filter((story) => story.section === block.slug);
  return (
    <FieldGroup
      form={FORM}
      name={name}
      className="c-nr-block"
      legend={block.name}
      problem={problemFor(problems, name)}
    >
      {(["automatic", "picked"] as const).map((mode) => (
        <div key={mode} className="c-nr-pick">
          <input
            type="radio"
            id={fieldId(FORM, `${name}-${mode}`)}
            name={`${name}-mode`}
            value={mode}
            defaultChecked={(mode === "picked") === block.picked}
          />
          <label htmlFor={fieldId(FORM, `${name}-${mode}`)}>
            {mode === "automatic"
              ? "Automatic: the section's newest stories"
              : "These stories, in this order (topped up with the newest)"}
          </label>
        </div>
      ))}
      {block.stories.map((storyId, index) => (
        <Field
          key={index}
          form={FORM}
          name={`${name}-${index + 1}`}
          label={`${block.name}, story ${index + 1}`}
          problem={null}
        >
          {(attributes) => (
            <select {...attributes} defaultValue={storyId}>
              <option value="">None</option>
              <StoryOptions candidates={ownStories} />
            </select>
          )}
        </Field>
      ))}
    </FieldGroup>
  );
}

function FrontPageForm({ view }: { view: FrontPageView }) {
  const problems = problemsOf(view, "front-page");
  const labels = Object.fromEntries([
    ...view.slots.map((slot) => [slot.name, slot.label]),
    ...view.sections.map((block) => [`section-${block.slug}`, block.name]),
  ]);
  const save = (
    <button type="submit" name="intent" value="save-front-page">
      Save the front page
    </button>
  );
  return (
    <form method="post" action={view.action} aria-labelledby="c-nr-fp-title">
      <input type="hidden" name="baseRevision" value={view.revision} />
      <h2 id="c-nr-fp-title">Lead and top stories</h2>
      <ProblemSummary problems={problems} form={FORM} labels={labels} />
      {problemFor(problems, "form") ? (
        <p className="c-nr-problem" role="alert">
          {problemFor(problems, "form")}
        </p>
      ) : null}
      <p className="c-nr-hint">
        A pinned story keeps its place. Automatic places show the newest stories not already on the
        page. A story that is taken down leaves its place by itself.
      </p>
      {save}
      <Slots view={view} problems={problems} />
      <h2>Section blocks</h2>
      {view.sections.map((block) => (
        <SectionBlock key={block.slug} view={view} block={block} problems={problems} />
      ))}
      {save}
    </form>
  );
}

function BannerForm({ view }: { view: FrontPageView }) {
  const problems = problemsOf(view, "banner");
  return (
    <form method="post" action={view.action} aria-labelledby="c-nr-banner-title">
      <h2 id="c-nr-banner-title">Breaking-news banner</h2>
      <ProblemSummary
        problems={problems}
        form={BANNER_FORM}
        labels={{ headline: "Headline", link: "Link" }}
      />
      <p className="c-nr-hint">
        {view.banner.active
          ? "The banner is on: every reader page shows it."
          : "The banner is off."}
      </p>
      <TextField
        form={BANNER_FORM}
        name="headline"
        label="Headline"
        problem={problemFor(problems, "headline")}
        hint={`Up to ${view.bannerMax} characters.`}
        maxLength={view.bannerMax}
        defaultValue={view.banner.headline}
        required
      />
      <TextField
        form={BANNER_FORM}
        name="link"
        label="Link"
        problem={problemFor(problems, "link")}
        hint="A page of this site, starting with / (like /world/harbour-bridge), or an address starting with https://."
        maxLength={2000}
        defaultValue={view.banner.link}
        required
      />
      <div className="c-nr-pick">
        <input
          type="checkbox"
          id={fieldId(BANNER_FORM, "active")}
          name="active"
          defaultChecked={view.banner.active}
        />
        <label htmlFor={fieldId(BANNER_FORM, "active")}>Show the banner on every reader page</label>
      </div>
      <div className="c-nr-order">
        <button type="submit" name="intent" value="save-banner">
          Save the banner
        </button>
        {view.banner.active ? (
          <button type="submit" name="intent" value="banner-off" formNoValidate>
            Turn the banner off
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** What a contributor sees: the front page and the banner, without forms. */
function ReadOnly({ view }: { view: FrontPageView }) {
  const headline = (id: string) =>
    view.candidates.find((story) => story.id === id)?.label ?? `Story ${id}`;
  return (
    <>
      <p className="c-nr-notice">Only editors and admins change the front page and the banner.</p>
      <h2>Lead and top stories</h2>
      <ol className="c-nr-items">
        {view.slots.map((slot) => (
          <li key={slot.name}>
            {`${slot.label}: ${slot.storyId ? headline(slot.storyId) : "automatic"}`}
          </li>
        ))}
      </ol>
      <h2>Breaking-news banner</h2>
      <p>{view.banner.active ? `On: ${view.banner.headline} (${view.banner.link})` : "Off."}</p>
    </>
  );
}

export function FrontPagePage({ view }: { view: FrontPageView }) {
  return (
    <div className="c-page c-nr c-nr-front-page">
      <h1>Front page</h1>
      {view.notice ? (
        <p className="c-nr-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {view.stale ? (
        <p className="c-nr-problem" role="alert">
          Someone else changed the front page since you opened it, so your changes were not saved.
          This is the front page as it is now: make your changes again.
        </p>
      ) : null}
      {view.updatedAt ? (
        <p className="c-nr-hint">
          Last changed <PublicationTime iso={view.updatedAt} withTime />
          {view.updatedBy ? ` by ${view.updatedBy}` : ""}.
        </p>
      ) : null}
      {view.canEdit ? (
        <>
          <FrontPageForm view={view} />
          <BannerForm view={view} />
        </>
      ) : (
        <ReadOnly view={view} />
      )}
    </div>
  );
}
