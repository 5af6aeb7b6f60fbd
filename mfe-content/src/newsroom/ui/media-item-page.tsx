import { PublicationTime } from "../../ui/publication-time.tsx";
import { FocalPicker } from "./focal-picker.tsx";
import { Field, FieldGroup, problemFor, ProblemSummary, TextField } from "./form-bits.tsx";
import { MediaImage } from "./media-image.tsx";
import type { MediaItemView } from "./media-views.ts";

/**
 * `/newsroom/media/:id` (issue 16): the photograph, its facts and one plain form for its words,
 * focal point and crops, with previews of the wide, square and portrait uses it makes.
 */

const FORM = "media";
const CROP_PARTS = [
  ["left", "Left"],
  ["top", "Top"],
  ["width", "Width"],
  ["height", "Height"],
] as const;

const formatNames: Record<string, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
};

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function Previews({ view }: { view: MediaItemView }) {
  return (
    <section aria-labelledby="c-nr-media-previews">
      <h2 id="c-nr-media-previews">How it is cropped</h2>
      <p className="c-nr-hint">
        What readers get for each use: your crop, or the focal point at the middle of it.
      </p>
      <ul className="c-nr-media__previews">
        {view.previews.map((preview) => (
          <li key={preview.use}>
            <figure>
              <MediaImage image={preview.image} />
              <figcaption>{preview.label}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CropFields({ view, use, label }: { view: MediaItemView; use: string; label: string }) {
  const problem = problemFor(view.problems, `crop-${use}`);
  return (
    <FieldGroup
      form={FORM}
      name={`crop-${use}`}
      className="c-nr-media__crop"
      legend={label}
      problem={problem}
    >
      <p className="c-nr-hint">In pixels of the photograph. Leave empty for automatic.</p>
      {CROP_PARTS.map(([part, partLabel]) => (
        <Field
          key={part}
          form={FORM}
          name={`${use}-${part}`}
          label={`${label}: ${partLabel.toLowerCase()}`}
          problem={null}
        >
          {(attributes) => (
            <input
              {...attributes}
              type="number"
              min={part === "width" || part === "height" ? 1 : 0}
              step={1}
              inputMode="numeric"
              defaultValue={view.values[`${use}-${part}`] ?? ""}
            />
          )}
        </Field>
      ))}
    </FieldGroup>
  );
}

function EditForm({ view }: { view: MediaItemView }) {
  const { problems, values } = view;
  const labels: Record<string, string> = {
    alt: "Alt text",
    caption: "Caption",
    credit: "Credit",
    focalX: "Focal point across",
    focalY: "Focal point down",
    ...Object.fromEntries(view.previews.map((p) => [`crop-${p.use}`, p.label])),
  };
  const focalHint = "c-nr-media-focal-hint";
  return (
    <form method="post" action={view.action} aria-labelledby="c-nr-media-edit">
      <input type="hidden" name="baseRevision" value={view.revision} />
      <h2 id="c-nr-media-edit">About this photograph</h2>
      <ProblemSummary problems={problems} form={FORM} labels={labels} />
      {problemFor(problems, "form") ? (
        <p className="c-nr-problem" role="alert">
          {problemFor(problems, "form")}
        </p>
      ) : null}
      <TextField
        form={FORM}
        name="alt"
        label="Alt text"
        hint="What the photograph shows, for people who cannot see it. Required."
        problem={problemFor(problems, "alt")}
        maxLength={view.limits.alt}
        defaultValue={values.alt ?? ""}
        required
      />
      <Field form={FORM} name="caption" label="Caption" problem={problemFor(problems, "caption")}>
        {(attributes) => (
          <textarea
            {...attributes}
            rows={3}
            maxLength={view.limits.caption}
            defaultValue={values.caption ?? ""}
          />
        )}
      </Field>
      <TextField
        form={FORM}
        name="credit"
        label="Credit"
        hint="Who took it, like “Photograph: Ada Lens / Daily Edge”."
        problem={problemFor(problems, "credit")}
        maxLength={view.limits.credit}
        defaultValue={values.credit ?? ""}
      />
      <fieldset className="c-nr-media__focal" aria-describedby={focalHint}>
        <legend>Focal point</legend>
        <p className="c-nr-hint" id={focalHint}>
          The part of the photograph that must stay in every crop, in per cent: 0 across is the left
          edge and 100 the right; 0 down is the top and 100 the bottom. 50 and 50 is the middle.
        </p>
        {(["focalX", "focalY"] as const).map((name) => (
          <Field
            key={name}
            form={FORM}
            name={name}
            label={labels[name] ?? name}
            problem={problemFor(problems, name)}
          >
            {(attributes) => (
              <input
                {...attributes}
                type="number"
                min={0}
                max={100}
                step="any"
                inputMode="decimal"
                required
                defaultValue={values[name] ?? ""}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {view.previews.map((preview) => (
        <CropFields key={preview.use} view={view} use={preview.use} label={preview.label} />
      ))}
      <button type="submit">Save the photograph</button>
    </form>
  );
}

/** What someone who may not edit it sees: the same words, without a form. */
function ReadOnly({ view }: { view: MediaItemView }) {
  const { values } = view;
  return (
    <section aria-labelledby="c-nr-media-about">
      <h2 id="c-nr-media-about">About this photograph</h2>
      <p className="c-nr-notice">
        Only editors and the person who uploaded it change this photograph.
      </p>
      <dl className="c-nr-media__facts">
        <dt>Alt text</dt>
        <dd>{values.alt}</dd>
        <dt>Caption</dt>
        <dd>{values.caption || "None"}</dd>
        <dt>Credit</dt>
        <dd>{values.credit || "None"}</dd>
        <dt>Focal point</dt>
        <dd>{`${values.focalX ?? ""}% across, ${values.focalY ?? ""}% down`}</dd>
      </dl>
    </section>
  );
}

export function MediaItemPage({ view }: { view: MediaItemView }) {
  return (
    <div className="c-page c-nr c-nr-media">
      <p>
        <a href={view.libraryHref}>All photographs</a>
      </p>
      <h1>Photograph</h1>
      {view.notice ? (
        <p className="c-nr-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {view.stale ? (
        <div className="c-nr-problems" role="alert" aria-labelledby="c-nr-media-stale">
          <h2 id="c-nr-media-stale">Your changes were not saved</h2>
          <p>
            Someone else changed this photograph since you opened it. The form shows it as it is
            now. What you sent is below: make your changes again.
          </p>
          <dl className="c-nr-media__facts">
            {view.stale.sent.map((entry) => (
              <div key={entry.label}>
                <dt>{entry.label}</dt>
                <dd>{entry.value || "(empty)"}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <FocalPicker
        image={view.image}
        form={FORM}
        editable={view.canEdit}
        initial={{
          focalX: Number(view.values.focalX ?? 50),
          focalY: Number(view.values.focalY ?? 50),
        }}
      />
      <dl className="c-nr-media__facts">
        <dt>Size</dt>
        <dd>{`${view.width} × ${view.height} pixels, ${megabytes(view.bytes)}`}</dd>
        <dt>Format</dt>
        <dd>{formatNames[view.format] ?? view.format}</dd>
        <dt>Uploaded</dt>
        <dd>
          <PublicationTime iso={view.createdAt} withTime />
          {view.uploadedBy ? ` by ${view.uploadedBy}` : ""}
        </dd>
      </dl>
      <Previews view={view} />
      {view.canEdit ? <EditForm view={view} /> : <ReadOnly view={view} />}
    </div>
  );
}
