import { useEffect, useRef, useState, type DragEvent } from "react";
import { Field, problemFor, ProblemSummary, TextField } from "./form-bits.tsx";
import type { MediaUploadView } from "./media-views.ts";

/**
 * The library's upload form (issue 16, decision 0022): a plain multipart form that works
 * without JavaScript (the file input, alt text, caption, credit, "Upload photograph"). Once the
 * page is hydrated, the file's area is also a drop zone: a photograph dropped on it goes into the
 * file input, and a chosen or dropped file shows its name, size and a local preview, or at once
 * why it will be refused (too large, not a type the library takes). The keyboard's way is the
 * file input itself, always there.
 */

export const UPLOAD_FORM = "media-upload";

const LABELS: Readonly<Record<string, string>> = {
  file: "Photograph",
  alt: "Alt text",
  caption: "Caption",
  credit: "Credit",
};

/** The few browser objects this touches, typed here: the Worker's TypeScript has no DOM. */
interface PickedFile {
  name: string;
  size: number;
  type: string;
}
interface FileList {
  readonly length: number;
  item(index: number): PickedFile | null;
}
interface FileInput {
  files: FileList | null;
  value: string;
}
interface Dropped {
  files: FileList;
  dropEffect: string;
}
const droppedOf = (event: DragEvent<HTMLDivElement>) => event.dataTransfer as unknown as Dropped;
interface Browser {
  DataTransfer: new () => { items: { add(file: PickedFile): void }; files: FileList };
  URL: { createObjectURL(file: PickedFile): string; revokeObjectURL(url: string): void };
}

const browser = () => globalThis as unknown as Browser;

/** "2.4 MB", "310 KB": how big a chosen file is, as people read it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Why a chosen file will be refused, or null: the checks the server makes again. */
export function fileProblem(file: PickedFile, view: MediaUploadView): string | null {
  if (!view.accept.split(",").includes(file.type)) {
    return `${file.name} is not a JPEG, PNG, WebP or AVIF image. Choose a photograph in one of those.`;
  }
  if (file.size > view.maxBytes) {
    return `${file.name} is larger than ${fileSize(view.maxBytes)}, the most the library takes. Export a smaller copy and choose that.`;
  }
  return null;
}

interface Chosen {
  name: string;
  size: number;
  preview: string | null;
  problem: string | null;
}

function PhotographField({ view, problem }: { view: MediaUploadView; problem: string | null }) {
  const input = useRef<FileInput | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [over, setOver] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);

  useEffect(() => setHydrated(true), []);
  // Each preview's object URL is let go when another file replaces it or the page goes.
  useEffect(() => {
    const preview = chosen?.preview;
    return preview ? () => browser().URL.revokeObjectURL(preview) : undefined;
  }, [chosen]);

  const show = (file: PickedFile | null) => {
    if (!file) return setChosen(null);
    const refused = fileProblem(file, view);
    // A file that will be refused is not sent: the input is emptied and says why.
    if (refused && input.current) input.current.value = "";
    setChosen({
      name: file.name,
      size: file.size,
      preview: refused ? null : browser().URL.createObjectURL(file),
      problem: refused,
    });
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = droppedOf(event).files.item(0);
    if (!file || !input.current) return;
    const transfer = new (browser().DataTransfer)();
    transfer.items.add(file);
    input.current.files = transfer.files;
    show(file);
  };
  const dragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    droppedOf(event).dropEffect = "copy";
    setOver(true);
  };

  const limit = "JPEG, PNG, WebP or AVIF, at most 20 MB.";
  // Once a file is chosen here, what the server said of the last one no longer applies.
  const shownProblem = chosen ? chosen.problem : problem;
  return (
    <Field
      form={UPLOAD_FORM}
      name="file"
      label="Photograph"
      problem={shownProblem}
      hint={hydrated ? `${limit} Choose the file, or drop it here.` : limit}
    >
      {(attributes) => (
        <div
          className={over ? "c-nr-media__drop c-nr-media__drop--over" : "c-nr-media__drop"}
          onDragEnter={dragOver}
          onDragOver={dragOver}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <input
            {...attributes}
            ref={(element) => {
              input.current = element as unknown as FileInput | null;
            }}
            type="file"
            accept={view.accept}
            required
            onChange={(event) =>
              show((event.currentTarget as unknown as FileInput).files?.item(0) ?? null)
            }
          />
          <p className="c-nr-media__chosen" role="status">
            {chosen && !chosen.problem ? `${chosen.name}, ${fileSize(chosen.size)}` : ""}
          </p>
          {chosen?.preview ? (
            <img
              className="c-nr-media__preview"
              src={chosen.preview}
              alt={`Preview of ${chosen.name}`}
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}

export function MediaUploadForm({ view, action }: { view: MediaUploadView; action: string }) {
  const { values, limits, problems } = view;
  const titleId = `c-nr-${UPLOAD_FORM}-title`;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="c-nr-media__upload"
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>Upload a photograph</h2>
      <ProblemSummary problems={problems} form={UPLOAD_FORM} labels={LABELS} />
      <PhotographField view={view} problem={problemFor(problems, "file")} />
      <TextField
        form={UPLOAD_FORM}
        name="alt"
        label="Alt text"
        hint="What the photograph shows, for readers who cannot see it: screen readers read it out, and it stands in when the picture does not load. Required."
        problem={problemFor(problems, "alt")}
        maxLength={limits.alt}
        defaultValue={values.alt}
        required
      />
      <Field
        form={UPLOAD_FORM}
        name="caption"
        label="Caption (optional)"
        hint="Shown under the photograph."
        problem={problemFor(problems, "caption")}
      >
        {(attributes) => (
          <textarea
            {...attributes}
            rows={2}
            maxLength={limits.caption}
            defaultValue={values.caption}
          />
        )}
      </Field>
      <TextField
        form={UPLOAD_FORM}
        name="credit"
        label="Credit (optional)"
        hint="Who took it, as readers see it: “Photograph: Ada Lens / Daily Edge”."
        problem={problemFor(problems, "credit")}
        maxLength={limits.credit}
        defaultValue={values.credit}
      />
      <button type="submit">Upload photograph</button>
    </form>
  );
}
