/**
 * Issue 18 (decision 0024): what every import file goes through before and while a parser reads
 * it: the size limits, the one error the parsers throw (with the status the API answers), the
 * sniffing of which export a file is, and the normal form of an old address. Plain code that
 * runs in workerd and in Node (the CLI): no node: imports, no DOM.
 */
import { legacyPathKey } from "../domain/legacy-paths.ts";
import type { ImportNote, SourcePost } from "./import-model.ts";

/** The largest export we read: 100 MiB (a publication's archive of text; media are fetched). */
export const IMPORT_FILE_MAX_BYTES = 100 * 1024 * 1024;

/** The largest body we convert: 1 MiB of HTML per post. A larger post is skipped with a note. */
export const IMPORT_POST_HTML_MAX_BYTES = 1024 * 1024;

export type ImportFileErrorCode =
  "file_too_large" | "not_an_export" | "truncated" | "dtd_refused" | "unreadable";

/** The HTTP status each refusal answers with: the file is too big (413) or not usable (422). */
export const IMPORT_FILE_ERROR_STATUS: Record<ImportFileErrorCode, 413 | 422> = {
  file_too_large: 413,
  not_an_export: 422,
  truncated: 422,
  dtd_refused: 422,
  unreadable: 422,
};

/**
 * A file the importer refuses as a whole. `message` is written for the newsroom person who
 * uploaded it: what is wrong, and which file is expected instead.
 */
export class ImportFileError extends Error {
  readonly code: ImportFileErrorCode;
  readonly status: 413 | 422;

  constructor(code: ImportFileErrorCode, message: string) {
    super(message);
    this.name = "ImportFileError";
    this.code = code;
    this.status = IMPORT_FILE_ERROR_STATUS[code];
  }
}

/** Throws `file_too_large` when a file of `byteLength` bytes is over `maxBytes`. */
export function checkImportFileSize(byteLength: number, maxBytes = IMPORT_FILE_MAX_BYTES): void {
  if (byteLength > maxBytes) {
    throw new ImportFileError(
      "file_too_large",
      `The file is ${describeBytes(byteLength)}; an export can be at most ${describeBytes(maxBytes)}. ` +
        "Export posts and pages only (media are fetched from the old site), or split the export " +
        "by date in WordPress (Tools, Export).",
    );
  }
}

/** "5.0 MB", "812 KB", "120 bytes": a size a person reads (binary units, as the limits are). */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The UTF-8 length of `text` without encoding it (a 5 MB body is measured, not copied). A lone
 * surrogate counts 3 bytes, as TextEncoder writes it (U+FFFD).
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The report's line for a post whose body is over `IMPORT_POST_HTML_MAX_BYTES`. */
export function oversizedPostNote(
  post: { sourceId: string; title: string },
  htmlBytes: number,
): ImportNote {
  return {
    post: { sourceId: post.sourceId, title: post.title },
    kind: "skipped",
    detail:
      `Its body is ${describeBytes(htmlBytes)} of HTML; a post can have at most ` +
      `${describeBytes(IMPORT_POST_HTML_MAX_BYTES)}. It was not imported; the others were.`,
  };
}

/** A note about one post (`SourcePost`-like: its id and title), for the parsers' reports. */
export function postNote(
  post: Pick<SourcePost, "sourceId" | "title">,
  kind: ImportNote["kind"],
  detail: string,
): ImportNote {
  return { post: { sourceId: post.sourceId, title: post.title }, kind, detail };
}

const WORDPRESS_EXPORT_NAMESPACE = "http://wordpress.org/export/";

/**
 * Which export the file's first bytes (a few KB, decoded) look like: a JSON object is Ghost's;
 * XML with an `<rss` element and the WordPress export namespace is WordPress's WXR. Anything
 * else is null. A sniff only: the parser still checks the whole shape.
 */
export function detectExportKind(firstBytes: string): "ghost" | "wordpress" | null {
  const start = firstBytes.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("{")) return "ghost";
  if (
    start.startsWith("<") &&
    start.includes("<rss") &&
    start.includes(WORDPRESS_EXPORT_NAMESPACE)
  ) {
    return "wordpress";
  }
  return null;
}

// Resolves relative paths when the export does not say where the site was.
const PLACEHOLDER_ORIGIN = "https://old-site.invalid";

function siteUrlOf(siteUrl: string): URL | null {
  if (siteUrl.trim() === "") return null;
  try {
    return new URL(siteUrl.trim());
  } catch {
    return null;
  }
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, "");
}

/**
 * An old address in the one form `legacy_redirects` stores (decision 0024), or null when it is
 * not an address on the old site: a URL on another host, a mailto: or javascript: link, nothing.
 * The path is kept whole (with the site's own path prefix, as readers' links have it),
 * lower-cased, without a trailing slash (except `/`); of the query only `p` and `page_id` stay
 * (the ones that name a post), the rest and the fragment go. `siteUrl` is the old site's
 * address ("" when unknown: then any host is taken as the site's). The key is
 * `legacyPathKey`'s (null past its length limit too). Idempotent.
 */
export function normalizeOldPath(urlOrPath: string, siteUrl: string): string | null {
  const raw = urlOrPath.trim();
  if (raw === "") return null;
  const site = siteUrlOf(siteUrl);
  let url: URL;
  try {
    url = new URL(raw, site ?? PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (site !== null && hostOf(url) !== hostOf(site)) return null;
  // The same key the redirect lookup computes from a reader's request.
  return legacyPathKey(url.pathname, url.search);
}

/** A site's address without its trailing slashes (a loop: no regular expression over input). */
export function siteAddress(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === "/") end--;
  return url.slice(0, end).trim();
}

/** The old paths of a post, normalized, without the ones off-site and without repeats. */
export function oldPathsOf(candidates: readonly string[], siteUrl: string): string[] {
  const paths = new Set<string>();
  for (const candidate of candidates) {
    const path = normalizeOldPath(candidate, siteUrl);
    if (path !== null) paths.add(path);
  }
  return [...paths];
}
