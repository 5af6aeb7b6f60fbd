import { readOldSiteAddress } from "edge-api/contract/imports";
import { UPLOAD_MAX_FILE_BYTES } from "shell/contract";
import type { FragmentUpload } from "shell/fragment-kit/server";
import type { ImportValues } from "../ui/import-views.ts";
import type { ProblemView } from "../ui/newsroom-views.ts";
import type { ImportSystem } from "./import-api.ts";
import { readMultipartForm, type UploadedFile } from "./media-upload.ts";

/**
 * The Import screen's form (issue 18): the export file, which system wrote it, the section for
 * posts nothing else places, Ghost's primary tag rules (one `tag=section` a line) and the old
 * Ghost site's address, read from the multipart body the shell streams here and checked before
 * the API is asked (the address as the API checks it: `readOldSiteAddress`).
 */

export const IMPORT_TEXT_FIELDS = ["system", "defaultSection", "sectionRules", "siteUrl"] as const;
export const DEFAULT_SECTION = "archive";
/** The form's own parts (five) and a little slack; a form with more is not ours. */
const MAX_PARTS = 8;
/** Enough rules for a large Ghost site's primary tags; the rest is cut, and then checked. */
const RULES_MAX_CHARACTERS = 20_000;
/** The API's limits on the rules and slugs (`POST /api/newsroom/imports`). */
const RULES_MAX = 100;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 100;
const isSlug = (value: string) => value.length <= SLUG_MAX && SLUG.test(value);

const MEGABYTES = UPLOAD_MAX_FILE_BYTES / 1024 / 1024;
export const EXPORT_TOO_LARGE = `The export is larger than ${MEGABYTES} MB, the most the newsroom's upload takes. Import it from the command line instead: npm run import -- ghost|wordpress <file>.`;
const NO_FILE =
  "Choose the export file: Ghost's JSON export (.json) or WordPress's export (WXR, .xml).";
const NO_SYSTEM = "Choose which system the export comes from: Ghost or WordPress.";

export const emptyImportValues = (): ImportValues => ({
  system: "",
  defaultSection: DEFAULT_SECTION,
  sectionRules: "",
  siteUrl: "",
});

export type ImportFormRead =
  | {
      ok: true;
      values: ImportValues;
      system: ImportSystem;
      defaultSection: string;
      sectionRules: { tag: string; section: string }[];
      siteUrl: string | null;
      file: UploadedFile;
      fileName: string;
    }
  | { ok: false; status: 400 | 413 | 422; problems: ProblemView[]; values: ImportValues };

/** The values a urlencoded POST carried (it has no file: browsers send files only as multipart). */
export function valuesOfForm(form: Readonly<Record<string, string>>): ImportValues {
  const values = emptyImportValues();
  for (const name of IMPORT_TEXT_FIELDS) {
    const value = form[name];
    if (value !== undefined) values[name] = value.trim();
  }
  return values;
}

export async function readImportForm(upload: FragmentUpload): Promise<ImportFormRead> {
  const read = await readMultipartForm(upload, IMPORT_TEXT_FIELDS, {
    maxFileSize: UPLOAD_MAX_FILE_BYTES,
    maxParts: MAX_PARTS,
    tooLarge: EXPORT_TOO_LARGE,
    keptCharacters: RULES_MAX_CHARACTERS,
  });
  const values: ImportValues = read.values;
  if (!read.ok) {
    return {
      ok: false,
      status: read.status,
      problems: [{ field: "file", message: read.message }],
      values,
    };
  }
  const problems: ProblemView[] = [];
  const system = values.system === "ghost" || values.system === "wordpress" ? values.system : null;
  if (!system) problems.push({ field: "system", message: NO_SYSTEM });
  const defaultSection = values.defaultSection || DEFAULT_SECTION;
  if (!isSlug(defaultSection)) {
    problems.push({
      field: "defaultSection",
      message:
        "Write a section's slug: lower-case letters, digits and single hyphens, like archive or world-news.",
    });
  }
  const rules = parseSectionRules(values.sectionRules);
  if (!rules.ok) problems.push({ field: "sectionRules", message: rules.message });
  const siteUrl = siteUrlOf(values.siteUrl, system);
  if (!siteUrl.ok) problems.push({ field: "siteUrl", message: siteUrl.problem });
  if (!read.file)
    return {
      ok: false,
      status: 400,
      problems: [{ field: "file", message: NO_FILE }, ...problems],
      values,
    };
  if (!system || !rules.ok || !siteUrl.ok || problems.length > 0) {
    return { ok: false, status: 422, problems, values };
  }
  return {
    ok: true,
    values,
    system,
    defaultSection,
    sectionRules: rules.rules,
    siteUrl: siteUrl.siteUrl,
    file: read.file,
    fileName: read.file.name.slice(0, 200) || "export",
  };
}

/** The old site's address as typed: optional, Ghost's only (WordPress exports say theirs). */
function siteUrlOf(
  typed: string,
  system: "ghost" | "wordpress" | null,
): { ok: true; siteUrl: string | null } | { ok: false; problem: string } {
  if (typed === "") return { ok: true, siteUrl: null };
  if (system === "wordpress") {
    return {
      ok: false,
      problem:
        "Leave the old site's address empty for WordPress: its export says it. It is for Ghost exports only.",
    };
  }
  const read = readOldSiteAddress(typed);
  return read.ok ? read : { ok: false, problem: read.problem };
}

/**
 * Ghost's primary tag rules as typed: one `tag=section` a line; blank lines are skipped. A line
 * that is not a rule is named by its number, so the person finds it.
 */
export function parseSectionRules(
  text: string,
): { ok: true; rules: { tag: string; section: string }[] } | { ok: false; message: string } {
  const rules: { tag: string; section: string }[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const equals = line.indexOf("=");
    const tag = equals < 0 ? "" : line.slice(0, equals).trim();
    const section = equals < 0 ? "" : line.slice(equals + 1).trim();
    if (!isSlug(tag) || !isSlug(section)) {
      return {
        ok: false,
        message: `Line ${index + 1} is not a rule. Write one rule a line as tag=section, with slugs, like news=world.`,
      };
    }
    rules.push({ tag, section });
  }
  if (rules.length > RULES_MAX) {
    return { ok: false, message: `Keep it to ${RULES_MAX} rules.` };
  }
  return { ok: true, rules };
}
