import { useRef } from "react";
import { PublicationTime } from "../../ui/publication-time.tsx";
import { Field, FieldGroup, problemFor, ProblemSummary, TextField } from "./form-bits.tsx";
import type { ImportFormPageView, ImportStatusName } from "./import-views.ts";

/**
 * `/newsroom/import` (issue 18): a plain multipart form that works without JavaScript (the
 * export file, which system wrote it, the section for posts nothing else places, Ghost's primary
 * tag rules, the old Ghost site's address, "Check the file"), then the recent imports with their
 * status.
 */

export const IMPORT_FORM = "import";

const LABELS: Readonly<Record<string, string>> = {
  file: "Export file",
  system: "Exported from",
  defaultSection: "Section for everything else",
  sectionRules: "Ghost's primary tags to sections",
  siteUrl: "The old site's address",
};

export const importStatusLabels: Readonly<Record<ImportStatusName, string>> = {
  checked: "Checked, not imported yet",
  queued: "Waiting to start",
  running: "Importing",
  done: "Imported",
  failed: "Stopped with a problem",
};

const systems = [
  { value: "ghost", label: "Ghost JSON export (.json)", extension: ".json" },
  { value: "wordpress", label: "WordPress export (WXR, .xml)", extension: ".xml" },
] as const;

/** Which system wrote a file, by its extension: `.json` Ghost, `.xml` WordPress, else null. */
export function systemForFileName(name: string): "ghost" | "wordpress" | null {
  const lower = name.toLowerCase();
  return systems.find((system) => lower.endsWith(system.extension))?.value ?? null;
}

/** The few browser objects this touches, typed here: the Worker's TypeScript has no DOM. */
interface FileInput {
  files: { item(index: number): { name: string } | null } | null;
}
interface Radio {
  checked: boolean;
}

/**
 * Once hydrated, choosing a `.json` file ticks Ghost and an `.xml` file WordPress (the person
 * can still change it); without JavaScript they tick it themselves.
 */
function useSystemFromFile() {
  const radios = useRef(new Map<string, Radio>());
  const register = (value: string) => (element: unknown) => {
    if (element) radios.current.set(value, element as Radio);
    else radios.current.delete(value);
  };
  const pick = (input: unknown) => {
    const system = systemForFileName((input as FileInput).files?.item(0)?.name ?? "");
    const radio = system ? radios.current.get(system) : undefined;
    if (radio) radio.checked = true;
  };
  return { register, pick };
}

export function ImportPage({ view }: { view: ImportFormPageView }) {
  const { values, problems } = view;
  const titleId = `c-nr-${IMPORT_FORM}-title`;
  const systemFromFile = useSystemFromFile();
  return (
    <div className="c-page c-nr c-nr-import">
      <h1>Import a publication</h1>
      <p>
        Bring in a Ghost or WordPress site with its archive. The file is checked first: you read
        what would be imported, then import it. Old addresses keep working and lead to the new ones.
      </p>
      <form
        method="post"
        action={view.action}
        encType="multipart/form-data"
        className="c-nr-import__form"
        aria-labelledby={titleId}
      >
        <h2 id={titleId}>Check an export</h2>
        <ProblemSummary problems={problems} form={IMPORT_FORM} labels={LABELS} />
        <Field
          form={IMPORT_FORM}
          name="file"
          label="Export file"
          problem={problemFor(problems, "file")}
          hint={`Ghost: Settings, Labs, Export. WordPress: Tools, Export, All content. At most ${view.limit}; larger files with npm run import.`}
        >
          {(attributes) => (
            <input
              {...attributes}
              type="file"
              accept=".json,.xml"
              required
              onChange={(event) => systemFromFile.pick(event.currentTarget)}
            />
          )}
        </Field>
        <FieldGroup
          form={IMPORT_FORM}
          name="system"
          className="c-nr-import__systems"
          legend="Exported from"
          problem={problemFor(problems, "system")}
        >
          {systems.map((system) => (
            <label key={system.value}>
              <input
                ref={systemFromFile.register(system.value)}
                type="radio"
                name="system"
                value={system.value}
                required
                defaultChecked={values.system === system.value}
              />{" "}
              {system.label}
            </label>
          ))}
        </FieldGroup>
        <TextField
          form={IMPORT_FORM}
          name="defaultSection"
          label="Section for everything else"
          hint="The section's slug for posts nothing else places: WordPress posts without a category, Ghost posts without a rule below. It is made if it does not exist."
          problem={problemFor(problems, "defaultSection")}
          maxLength={100}
          defaultValue={values.defaultSection}
          required
        />
        <Field
          form={IMPORT_FORM}
          name="sectionRules"
          label="Ghost's primary tags to sections (optional)"
          hint="One rule a line, tag=section with their slugs, like news=world. A Ghost post whose primary tag has a rule goes to that section."
          problem={problemFor(problems, "sectionRules")}
        >
          {(attributes) => <textarea {...attributes} rows={4} defaultValue={values.sectionRules} />}
        </Field>
        <Field
          form={IMPORT_FORM}
          name="siteUrl"
          label="The old site's address (Ghost only, optional)"
          hint="Ghost exports do not include it: without it, photographs cannot be downloaded and the import is recognised by the site's title. Like https://old.example.com."
          problem={problemFor(problems, "siteUrl")}
        >
          {(attributes) => (
            <input
              {...attributes}
              type="url"
              inputMode="url"
              maxLength={500}
              defaultValue={values.siteUrl}
            />
          )}
        </Field>
        <button type="submit">Check the file</button>
      </form>
      <section className="c-nr-import__recent" aria-labelledby="c-nr-import-recent">
        <h2 id="c-nr-import-recent">Recent imports</h2>
        {view.listProblem ? (
          <p className="c-nr-problem">{view.listProblem}</p>
        ) : view.imports.length === 0 ? (
          <p>Nothing has been imported yet.</p>
        ) : (
          <table className="c-nr-table">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">From</th>
                <th scope="col">Status</th>
                <th scope="col">Uploaded</th>
              </tr>
            </thead>
            <tbody>
              {view.imports.map((row) => (
                <tr key={row.href}>
                  <td>
                    <a href={row.href}>{row.fileName}</a>
                  </td>
                  <td>{row.system}</td>
                  <td>{importStatusLabels[row.status]}</td>
                  <td>
                    <PublicationTime iso={row.createdAt} />
                    {row.createdBy ? ` by ${row.createdBy}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
