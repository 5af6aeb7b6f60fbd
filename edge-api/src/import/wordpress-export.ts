/**
 * Issue 18 (decision 0024): WordPress's WXR export (Tools, Export) read into an `ImportSource`,
 * streaming: the text is written to saxes chunk by chunk and only the fields we use are kept
 * (a post's body up to `IMPORT_POST_HTML_MAX_BYTES`, never more), so memory follows what is
 * imported, not the file. Any DOCTYPE is refused (a WXR has none; a DTD is where entity bombs
 * and external entities live), and saxes itself neither expands DTD entities nor fetches
 * anything.
 */
import { SaxesParser } from "saxes";
import type { SaxesTagNS } from "saxes";
import { slugFrom } from "../contract/slug-from.ts";
import { htmlToText } from "./html-to-blocks.ts";
import type {
  ImportNote,
  ImportSource,
  SourceAuthor,
  SourceCategory,
  SourcePost,
  SourceStatus,
  SourceTag,
} from "./import-model.ts";
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_POST_HTML_MAX_BYTES,
  ImportFileError,
  checkImportFileSize,
  describeBytes,
  oldPathsOf,
  oversizedPostNote,
  postNote,
  siteAddress,
  utf8ByteLength,
} from "./import-file.ts";

const HOW_TO_EXPORT = "Export from WordPress: Tools, Export, All content.";

// WXR 1.0 to 1.2 differ only in the version in these addresses.
const WP_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/\d+(?:\.\d+)*\/$/;
const EXCERPT_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/\d+(?:\.\d+)*\/excerpt\/$/;
const CONTENT_NAMESPACE = "http://purl.org/rss/1.0/modules/content/";
const DC_NAMESPACE = "http://purl.org/dc/elements/1.1/";

/** An element's name as we match it: `wp:post_id`, `content:encoded`, `rss:title`… */
function keyOf(tag: SaxesTagNS): string {
  const uri = tag.uri;
  if (uri === "") return `rss:${tag.local}`;
  if (EXCERPT_NAMESPACE.test(uri)) return `excerpt:${tag.local}`;
  if (WP_NAMESPACE.test(uri)) return `wp:${tag.local}`;
  if (uri === CONTENT_NAMESPACE) return `content:${tag.local}`;
  if (uri === DC_NAMESPACE) return `dc:${tag.local}`;
  return `other:${tag.local}`;
}

// The fields kept, by the block they are in; everything else is read past and forgotten.
const CHANNEL_FIELDS = new Set(["rss:title", "rss:link", "wp:base_site_url", "wp:base_blog_url"]);
const AUTHOR_FIELDS = new Set([
  "wp:author_id",
  "wp:author_login",
  "wp:author_display_name",
  "wp:author_first_name",
  "wp:author_last_name",
]);
const CATEGORY_FIELDS = new Set([
  "wp:term_id",
  "wp:category_nicename",
  "wp:category_parent",
  "wp:cat_name",
  "wp:category_description",
]);
const TAG_FIELDS = new Set(["wp:term_id", "wp:tag_slug", "wp:tag_name", "wp:tag_description"]);
const ITEM_FIELDS = new Set([
  "rss:title",
  "rss:link",
  "rss:pubDate",
  "dc:creator",
  "content:encoded",
  "excerpt:encoded",
  "wp:post_id",
  "wp:post_date",
  "wp:post_date_gmt",
  "wp:post_modified_gmt",
  "wp:post_name",
  "wp:status",
  "wp:post_type",
  "wp:post_password",
  "wp:attachment_url",
  "rss:category",
]);
const POSTMETA_FIELDS = new Set(["wp:meta_key", "wp:meta_value"]);
const KEPT_POSTMETA = new Set([
  "_thumbnail_id",
  "_wp_attachment_image_alt",
  // Co-Authors Plus's guest authors (items of type guest-author).
  "cap-user_login",
  "cap-display_name",
  "cap-description",
]);

/** Co-Authors Plus's bylines without an account: its own item type, their fields in meta. */
const GUEST_AUTHOR_TYPE = "guest-author";

/** Characters of the text's end kept to tell a cut-off file from a broken one. */
const TAIL_LENGTH = 64;

/** Any field but the body is a line or a paragraph; more than this is not a real export. */
const FIELD_MAX_BYTES = 64 * 1024;

type Fields = Map<string, string>;

interface ItemBlock {
  fields: Fields;
  categories: { domain: string; nicename: string; name: string }[];
  meta: Map<string, string>;
  /** A field over its limit: its name and full size (its text is not kept). */
  oversized: { key: string; bytes: number } | null;
}

/** The text of the element being read, up to a limit, with its full size. */
interface Capture {
  key: string;
  text: string;
  bytes: number;
  max: number;
  attributes: Record<string, string>;
}

const WP_STATUSES: Record<string, SourceStatus | "not-imported" | "noted"> = {
  publish: "published",
  future: "scheduled",
  draft: "draft",
  pending: "draft",
  private: "noted",
  trash: "noted",
  "auto-draft": "not-imported",
  inherit: "not-imported",
};

/**
 * Reads a WXR export from its text in chunks (a string is taken whole). Throws
 * `ImportFileError`: `file_too_large` (over `maxBytes`), `dtd_refused` (any DOCTYPE),
 * `unreadable` (not well-formed XML or an undefined entity: saxes's line and column),
 * `truncated` (the text ends before `</rss>`), `not_an_export` (XML, but not a WXR).
 */
export async function parseWordPressExport(
  chunks: Iterable<string> | AsyncIterable<string> | string,
  options: { maxBytes?: number } = {},
): Promise<ImportSource> {
  const reader = new WxrReader(options.maxBytes ?? IMPORT_FILE_MAX_BYTES);
  if (typeof chunks === "string") reader.write(chunks);
  else for await (const chunk of chunks) reader.write(chunk);
  return reader.finish();
}

class WxrReader {
  private readonly parser = new SaxesParser({ xmlns: true });
  private readonly maxBytes: number;
  private bytesRead = 0;
  /** Anything but white space written: a file with only a prolog is cut, not empty. */
  private sawText = false;
  private closing = false;
  /** `<?xml … encoding="…"?>`: WordPress writes its blog's charset, UTF-8 but on old sites. */
  private declaredEncoding: string | undefined;
  /** The text's last characters: a file that ends with </rss> was not cut off. */
  private tail = "";
  private sawRoot = false;
  private rssClosed = false;
  private sawChannel = false;
  /** The open elements' keys, outermost first. */
  private readonly stack: string[] = [];
  private capture: Capture | null = null;

  private readonly channel: Fields = new Map();
  private block: Fields | null = null;
  private item: ItemBlock | null = null;
  private meta: Fields | null = null;

  private readonly authorBlocks: Fields[] = [];
  private readonly categoryBlocks: Fields[] = [];
  private readonly tagBlocks: Fields[] = [];
  private readonly items: ItemBlock[] = [];

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    const parser = this.parser;
    parser.on("error", (error) => this.fail(error));
    parser.on("doctype", () => {
      throw new ImportFileError(
        "dtd_refused",
        "The file declares a DTD (<!DOCTYPE …>). A WordPress export has none, and a DTD can " +
          "hide entity expansion or external entities, so the file is refused.",
      );
    });
    parser.on("xmldecl", (declaration) => {
      this.declaredEncoding = declaration.encoding;
    });
    parser.on("opentag", (tag) => this.open(tag));
    parser.on("closetag", () => this.close());
    parser.on("text", (text) => this.append(text));
    parser.on("cdata", (text) => this.append(text));
  }

  write(chunk: string): void {
    this.bytesRead += utf8ByteLength(chunk);
    this.tail = (this.tail + chunk).slice(-TAIL_LENGTH);
    checkImportFileSize(this.bytesRead, this.maxBytes);
    if (!this.sawText && chunk.trim() !== "") this.sawText = true;
    this.parser.write(chunk);
  }

  finish(): ImportSource {
    if (!this.sawRoot && !this.sawText) {
      throw new ImportFileError(
        "not_an_export",
        `This is not a WordPress export: the file is empty. ${HOW_TO_EXPORT}`,
      );
    }
    this.closing = true;
    this.parser.close();
    if (!this.rssClosed) throw truncated();
    if (!this.sawChannel) {
      throw new ImportFileError(
        "not_an_export",
        `This is not a WordPress export: its <rss> has no <channel>. ${HOW_TO_EXPORT}`,
      );
    }
    const source = buildSource(
      this.channel,
      this.authorBlocks,
      this.categoryBlocks,
      this.tagBlocks,
      this.items,
    );
    const encoding = this.declaredEncoding;
    if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) {
      // The text reached us decoded as UTF-8 (the one encoding the upload and the CLI read).
      source.notes.unshift({
        post: null,
        kind: "warning",
        detail:
          `The file says it is written in ${encoding}, and was read as UTF-8: accented letters ` +
          "and other non-English characters may be wrong. Save it as UTF-8 and import it again.",
      });
    }
    return source;
  }

  private fail(error: Error): never {
    // Whatever goes wrong once the whole text is in is the text stopping early, unless it
    // ends as a WXR does: then something inside never closed (a bare & swallowing the rest).
    if (this.closing && !this.tail.trimEnd().endsWith("</rss>")) throw truncated();
    const [, line, column, what] = /^(\d+):(\d+): (.*)$/s.exec(error.message) ?? [];
    const where = line === undefined ? "" : ` at line ${line}, column ${column}`;
    throw new ImportFileError(
      "unreadable",
      `This is not a readable WordPress export: the XML breaks${where} (${what ?? error.message}). ${HOW_TO_EXPORT}`,
    );
  }

  private open(tag: SaxesTagNS): void {
    const key = keyOf(tag);
    const parent = this.stack.at(-1);
    this.stack.push(key);
    const depth = this.stack.length;
    if (depth === 1) return this.openRoot(tag, key);
    if (depth === 2) {
      if (key === "rss:channel") this.sawChannel = true;
      return;
    }
    const inChannel = this.stack[1] === "rss:channel";
    if (!inChannel) return;
    if (depth === 3) {
      if (key === "wp:author" || key === "wp:category" || key === "wp:tag") {
        this.block = new Map();
      } else if (key === "rss:item") {
        this.item = { fields: new Map(), categories: [], meta: new Map(), oversized: null };
      } else if (CHANNEL_FIELDS.has(key)) this.startCapture(key, tag);
      return;
    }
    if (depth === 4 && this.item !== null) {
      if (key === "wp:postmeta") this.meta = new Map();
      else if (ITEM_FIELDS.has(key)) this.startCapture(key, tag);
      return;
    }
    if (depth === 4 && this.block !== null && parent !== undefined) {
      if (this.blockFields(parent).has(key)) this.startCapture(key, tag);
      return;
    }
    if (depth === 5 && this.meta !== null && POSTMETA_FIELDS.has(key)) this.startCapture(key, tag);
  }

  private openRoot(tag: SaxesTagNS, key: string): void {
    this.sawRoot = true;
    if (key !== "rss:rss") {
      throw new ImportFileError(
        "not_an_export",
        `This is not a WordPress export: it is XML, but its root element is <${tag.name}>, not <rss>. ${HOW_TO_EXPORT}`,
      );
    }
    const declared = Object.values(tag.ns ?? {});
    if (!declared.some((uri) => WP_NAMESPACE.test(uri))) {
      throw new ImportFileError(
        "not_an_export",
        `This is an RSS feed, not a WordPress export: it has no WordPress export namespace (wp:). ${HOW_TO_EXPORT}`,
      );
    }
  }

  private blockFields(blockKey: string): Set<string> {
    if (blockKey === "wp:author") return AUTHOR_FIELDS;
    if (blockKey === "wp:category") return CATEGORY_FIELDS;
    return TAG_FIELDS;
  }

  private startCapture(key: string, tag: SaxesTagNS): void {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      attributes[attribute.local] = attribute.value;
    }
    const max = key === "content:encoded" ? IMPORT_POST_HTML_MAX_BYTES : FIELD_MAX_BYTES;
    this.capture = { key, text: "", bytes: 0, max, attributes };
  }

  private append(text: string): void {
    const capture = this.capture;
    if (capture === null) return;
    capture.bytes += utf8ByteLength(text);
    // Past its limit the text is only measured: the post will be skipped, not kept.
    if (capture.bytes <= capture.max) capture.text += text;
  }

  private close(): void {
    const key = this.stack.pop();
    const depth = this.stack.length + 1;
    if (depth === 1 && key === "rss:rss") {
      this.rssClosed = true;
      return;
    }
    const capture = this.capture;
    if (capture !== null && capture.key === key) {
      this.capture = null;
      this.store(capture, depth);
      return;
    }
    if (depth === 3 && this.stack[1] === "rss:channel") this.closeBlock(key);
    else if (depth === 4 && key === "wp:postmeta" && this.item !== null && this.meta !== null) {
      const metaKey = this.meta.get("wp:meta_key") ?? "";
      if (KEPT_POSTMETA.has(metaKey))
        this.item.meta.set(metaKey, this.meta.get("wp:meta_value") ?? "");
      this.meta = null;
    }
  }

  private store(capture: Capture, depth: number): void {
    const value = capture.text.trim();
    if (depth === 3) {
      this.channel.set(capture.key, value);
    } else if (depth === 4 && this.item !== null) {
      const item = this.item;
      if (capture.bytes > capture.max) {
        item.oversized ??= { key: capture.key, bytes: capture.bytes };
      } else if (capture.key === "rss:category") {
        item.categories.push({
          domain: capture.attributes.domain ?? "",
          nicename: capture.attributes.nicename ?? "",
          name: value,
        });
      } else {
        // The body keeps its own whitespace; WordPress's paragraphs are its blank lines.
        item.fields.set(capture.key, capture.key === "content:encoded" ? capture.text : value);
      }
    } else if (depth === 4 && this.block !== null) {
      this.block.set(capture.key, value);
    } else if (depth === 5 && this.meta !== null) {
      this.meta.set(capture.key, value);
    }
  }

  private closeBlock(key: string | undefined): void {
    if (key === "rss:item" && this.item !== null) {
      this.items.push(this.item);
      this.item = null;
      return;
    }
    if (this.block === null) return;
    if (key === "wp:author") this.authorBlocks.push(this.block);
    else if (key === "wp:category") this.categoryBlocks.push(this.block);
    else if (key === "wp:tag") this.tagBlocks.push(this.block);
    this.block = null;
  }
}

function truncated(): ImportFileError {
  return new ImportFileError(
    "truncated",
    "The file stops before the end of the export (no closing </rss>: it was cut off while " +
      `downloading or copying). ${HOW_TO_EXPORT}`,
  );
}

/** "2024-05-01 10:00:00" in UTC; WordPress's "0000-00-00 00:00:00" (never set) is null. */
function wpDate(value: string | undefined): Date | null {
  if (value === undefined || value === "" || value.startsWith("0000-00-00")) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
    ? `${value.replace(" ", "T")}Z`
    : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Everything read, put together: cross-references resolved, skipped things noted. */
function buildSource(
  channel: Fields,
  authorBlocks: Fields[],
  categoryBlocks: Fields[],
  tagBlocks: Fields[],
  items: ItemBlock[],
): ImportSource {
  // The blog's own address: base_blog_url. base_site_url is the network's in a multisite (on
  // WordPress.com always https://wordpress.com/), whose host the blog's permalinks do not have.
  const siteUrl = siteAddress(
    channel.get("wp:base_blog_url") ||
      channel.get("rss:link") ||
      channel.get("wp:base_site_url") ||
      "",
  );
  // The address readers used (`?p=` links hang off it); the install's address when absent.
  const home = siteAddress(channel.get("rss:link") || siteUrl);
  const notes: ImportNote[] = [];

  const authors: SourceAuthor[] = [];
  const authorByLogin = new Map<string, string>();
  // Co-Authors Plus names a byline by its user's nicename (`cap-<nicename>`, once `<nicename>`).
  const authorByNicename = new Map<string, string>();
  const addAuthor = (login: string, id: string, name: string, bio = "") => {
    const slug = slugFrom(login) || slugFrom(name) || `author-${id}`;
    authors.push({ sourceId: id, slug, name: name || login, bio, jobTitle: "" });
    authorByLogin.set(login, id);
    authorByNicename.set(slug, id);
  };
  for (const block of authorBlocks) {
    const login = block.get("wp:author_login") ?? "";
    const fullName = [block.get("wp:author_first_name"), block.get("wp:author_last_name")]
      .filter(Boolean)
      .join(" ");
    if (login === "" || authorByLogin.has(login)) continue;
    addAuthor(
      login,
      block.get("wp:author_id") || login,
      htmlToText(block.get("wp:author_display_name") || fullName),
    );
  }

  for (const item of items) {
    if (item.fields.get("wp:post_type") !== GUEST_AUTHOR_TYPE) continue;
    const login = item.meta.get("cap-user_login") ?? "";
    if (login === "" || authorByLogin.has(login)) continue;
    addAuthor(
      login,
      `${GUEST_AUTHOR_TYPE}:${item.fields.get("wp:post_id") ?? login}`,
      htmlToText(item.meta.get("cap-display_name") ?? ""),
      htmlToText(item.meta.get("cap-description") ?? ""),
    );
  }

  const categories: SourceCategory[] = [];
  const categoryByNicename = new Map<string, string>();
  const parentNicenames = new Map<string, string>();
  for (const block of categoryBlocks) {
    const nicename = block.get("wp:category_nicename") ?? "";
    if (nicename === "" || categoryByNicename.has(nicename)) continue;
    const id = block.get("wp:term_id") || nicename;
    categories.push({
      sourceId: id,
      slug: nicename,
      name: htmlToText(block.get("wp:cat_name") ?? "") || nicename,
      parentSourceId: null,
    });
    categoryByNicename.set(nicename, id);
    const parent = block.get("wp:category_parent") ?? "";
    if (parent !== "") parentNicenames.set(id, parent);
  }
  for (const category of categories) {
    const parent = parentNicenames.get(category.sourceId);
    if (parent === undefined) continue;
    const parentId = categoryByNicename.get(parent);
    if (parentId === undefined) {
      notes.push({
        post: null,
        kind: "warning",
        detail: `The category "${category.name}" names a parent "${parent}" that is not in the export; it is imported at the top.`,
      });
    } else category.parentSourceId = parentId;
  }

  const tags: SourceTag[] = [];
  const tagByNicename = new Map<string, string>();
  for (const block of tagBlocks) {
    const slug = block.get("wp:tag_slug") ?? "";
    if (slug === "" || tagByNicename.has(slug)) continue;
    const id = block.get("wp:term_id") || slug;
    tags.push({
      sourceId: id,
      slug,
      name: htmlToText(block.get("wp:tag_name") ?? "") || slug,
      description: htmlToText(block.get("wp:tag_description") ?? ""),
    });
    tagByNicename.set(slug, id);
  }

  const attachments = new Map<string, { url: string; alt: string; caption: string }>();
  for (const item of items) {
    if (item.fields.get("wp:post_type") !== "attachment") continue;
    const url = item.fields.get("wp:attachment_url") ?? "";
    if (url === "") continue;
    attachments.set(item.fields.get("wp:post_id") ?? "", {
      url,
      alt: item.meta.get("_wp_attachment_image_alt") ?? "",
      caption: htmlToText(item.fields.get("excerpt:encoded") ?? ""),
    });
  }

  const ignoredTypes = new Map<string, number>();
  const posts: SourcePost[] = [];
  for (const item of items) {
    const type = item.fields.get("wp:post_type") || "post";
    if (type === "attachment" || type === GUEST_AUTHOR_TYPE) continue;
    if (type !== "post" && type !== "page") {
      ignoredTypes.set(type, (ignoredTypes.get(type) ?? 0) + 1);
      continue;
    }
    const post = postOf(item, type, siteUrl, home, notes);
    if (post === null) continue;
    const login = item.fields.get("dc:creator") ?? "";
    if (login !== "") {
      if (!authorByLogin.has(login)) addAuthor(login, login, login);
      post.authorSourceIds = [authorByLogin.get(login) ?? login];
    }
    const coAuthors = coAuthorsOf(item, authorByLogin, authorByNicename);
    if (coAuthors.ids.length > 0) post.authorSourceIds = coAuthors.ids;
    if (coAuthors.unknown.length > 0) {
      notes.push(
        postNote(
          post,
          "warning",
          `Its byline (Co-Authors Plus) names ${coAuthors.unknown.join(", ")}, not among the export's authors; left out.`,
        ),
      );
    }
    for (const { domain, ...term } of termsOf(item)) {
      if (domain === "category") {
        let id = categoryByNicename.get(term.nicename);
        if (id === undefined) {
          // A partial export (one author, one date range) lists only some terms.
          id = term.nicename;
          categories.push({
            sourceId: id,
            slug: term.nicename,
            name: term.name || term.nicename,
            parentSourceId: null,
          });
          categoryByNicename.set(term.nicename, id);
        }
        if (!post.categorySourceIds.includes(id)) post.categorySourceIds.push(id);
      } else if (domain === "post_tag") {
        let id = tagByNicename.get(term.nicename);
        if (id === undefined) {
          id = term.nicename;
          tags.push({
            sourceId: id,
            slug: term.nicename,
            name: term.name || term.nicename,
            description: "",
          });
          tagByNicename.set(term.nicename, id);
        }
        if (!post.tagSourceIds.includes(id)) post.tagSourceIds.push(id);
      }
    }
    const thumbnailId = item.meta.get("_thumbnail_id");
    if (thumbnailId !== undefined && thumbnailId !== "") {
      const image = attachments.get(thumbnailId);
      if (image === undefined) {
        notes.push(
          postNote(
            post,
            "warning",
            `Its featured image (attachment ${thumbnailId}) is not in the export; it has none here.`,
          ),
        );
      } else post.featureImage = { ...image };
    }
    posts.push(post);
  }
  if (ignoredTypes.size > 0) {
    const counts = [...ignoredTypes].map(([type, count]) => `${count} ${type}`).join(", ");
    notes.push({
      post: null,
      kind: "warning",
      detail: `Items that are not posts or pages were not imported (menus, revisions, blocks, templates, a plugin's types): ${counts}.`,
    });
  }

  return {
    system: "wordpress",
    siteUrl,
    siteTitle: channel.get("rss:title") ?? "",
    authors,
    tags,
    categories,
    posts,
    notes,
  };
}

/**
 * An item's categories and tags, each once, with its name as text. WXR 1.0 (WordPress before
 * 3.1) calls the tag taxonomy `tag` and writes each term twice, once without a `nicename` (and
 * a category without a `domain` either); a term without a nicename counts only when no term
 * of its kind with one has its name, and then by the slug of its name.
 */
function termsOf(item: ItemBlock): { domain: string; nicename: string; name: string }[] {
  const terms = item.categories.map((term) => ({
    domain: term.domain === "tag" ? "post_tag" : term.domain || "category",
    nicename: term.nicename,
    name: htmlToText(term.name),
  }));
  const named = new Set(
    terms.filter((term) => term.nicename !== "").map((term) => `${term.domain}:${term.name}`),
  );
  return terms.flatMap((term) => {
    if (term.nicename !== "") return [term];
    const nicename = slugFrom(term.name);
    return nicename === "" || named.has(`${term.domain}:${term.name}`)
      ? []
      : [{ ...term, nicename }];
  });
}

/**
 * A post's bylines by Co-Authors Plus (its `author` terms: name the user's login, slug
 * `cap-<nicename>`), in their order, as author ids; the terms that match no author apart.
 */
function coAuthorsOf(
  item: ItemBlock,
  authorByLogin: ReadonlyMap<string, string>,
  authorByNicename: ReadonlyMap<string, string>,
): { ids: string[]; unknown: string[] } {
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const term of item.categories) {
    if (term.domain !== "author") continue;
    const nicename = term.nicename.startsWith("cap-") ? term.nicename.slice(4) : term.nicename;
    const id = authorByLogin.get(htmlToText(term.name)) ?? authorByNicename.get(nicename);
    if (id === undefined) unknown.push(nicename || term.name);
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, unknown: [...new Set(unknown)] };
}

/** One post or page item as a `SourcePost` (terms, byline, image filled by the caller), or null. */
function postOf(
  item: ItemBlock,
  kind: "post" | "page",
  siteUrl: string,
  home: string,
  notes: ImportNote[],
): SourcePost | null {
  const fields = item.fields;
  const sourceId = fields.get("wp:post_id") ?? "";
  // WordPress 5.7+ writes the stored title as it is, which is HTML (`Q&amp;A`, `&#8217;`).
  const title = htmlToText(fields.get("rss:title") ?? "");
  const ref = { sourceId, title };
  if (sourceId === "") {
    notes.push(
      postNote(ref, "skipped", "It has no wp:post_id in the export; it was not imported."),
    );
    return null;
  }
  const wpStatus = fields.get("wp:status") ?? "";
  const status = WP_STATUSES[wpStatus];
  if (status === "not-imported") return null;
  if (status === "noted" || status === undefined) {
    const why =
      wpStatus === "private"
        ? "It is private in WordPress"
        : wpStatus === "trash"
          ? "It is in WordPress's trash"
          : `Its status "${wpStatus}" is not one we know`;
    notes.push(postNote(ref, "skipped", `${why}; it was not imported.`));
    return null;
  }
  if ((fields.get("wp:post_password") ?? "") !== "") {
    notes.push(
      postNote(
        ref,
        "skipped",
        "It is password-protected in WordPress; it was not imported (here it would be public).",
      ),
    );
    return null;
  }
  if (item.oversized !== null) {
    if (item.oversized.key === "content:encoded")
      notes.push(oversizedPostNote(ref, item.oversized.bytes));
    else {
      notes.push(
        postNote(
          ref,
          "skipped",
          `Its ${item.oversized.key} is ${describeBytes(item.oversized.bytes)}, far more than a post has; it was not imported.`,
        ),
      );
    }
    return null;
  }
  if (wpStatus === "pending") {
    notes.push(
      postNote(ref, "mapped", "It was pending review in WordPress; it is imported as a draft."),
    );
  }
  const gmt = wpDate(fields.get("wp:post_date_gmt"));
  // WordPress's local time, read as UTC when the GMT one was never set.
  const local = wpDate(fields.get("wp:post_date"));
  const rssDate = wpDate(fields.get("rss:pubDate"));
  const when = gmt ?? local ?? rssDate;
  const modified = wpDate(fields.get("wp:post_modified_gmt"));
  const createdAt = when ?? modified;
  if (createdAt === null) {
    notes.push(
      postNote(ref, "skipped", "It has no readable date in the export; it was not imported."),
    );
    return null;
  }
  if (status !== "draft" && gmt === null) {
    notes.push(
      postNote(
        ref,
        "warning",
        "It has no GMT publication date in the export; its local date is used as UTC.",
      ),
    );
  }
  const slug = fields.get("wp:post_name") || slugFrom(title) || `${kind}-${sourceId}`;
  const link = fields.get("rss:link") ?? "";
  const idPath = `${home}/?${kind === "page" ? "page_id" : "p"}=${sourceId}`;
  return {
    sourceId,
    kind,
    slug,
    title,
    html: fields.get("content:encoded") ?? "",
    excerpt: htmlToText(fields.get("excerpt:encoded") ?? ""),
    status,
    publishedAt: status === "draft" ? null : createdAt,
    createdAt,
    updatedAt: modified ?? createdAt,
    authorSourceIds: [],
    tagSourceIds: [],
    categorySourceIds: [],
    featureImage: null,
    oldPaths: oldPathsOf(link === "" ? [idPath] : [link, idPath], siteUrl),
  };
}
