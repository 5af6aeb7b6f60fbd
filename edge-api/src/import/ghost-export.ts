/**
 * Issue 18 (decision 0024): Ghost's JSON export (Ghost Admin, Settings, Labs, Export) read into
 * an `ImportSource`. The file is `{ db: [{ meta, data: { posts, users, tags, posts_tags,
 * posts_authors, posts_meta?, settings? } }] }`. The outer shape must be right or the file is
 * refused (`ImportFileError`); a single row that is not (a post without an id, a tag without a
 * name) is left out with a note, so one odd row does not cost the whole archive.
 */
import { z } from "zod";
import { slugFrom } from "../contract/slug-from.ts";
import type {
  ImportNote,
  ImportSource,
  SourceAuthor,
  SourcePost,
  SourceStatus,
  SourceTag,
} from "./import-model.ts";
import { lexicalToHtml, mobiledocToHtml } from "./ghost-body.ts";
import { htmlToText } from "./html-to-blocks.ts";
import {
  checkImportFileSize,
  describeBytes,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_POST_HTML_MAX_BYTES,
  ImportFileError,
  oldPathsOf,
  oversizedPostNote,
  postNote,
  siteAddress,
  utf8ByteLength,
} from "./import-file.ts";

const HOW_TO_EXPORT = "Export from Ghost Admin, Settings, Labs, Export.";

/** Lexical and Mobiledoc JSON are several times their HTML: the most read of one post's. */
const GHOST_EDITOR_JSON_MAX_BYTES = 4 * IMPORT_POST_HTML_MAX_BYTES;

// Ghost writes ids as 24-hex strings; exports from Ghost 0.x have numbers.
const ghostId = z.union([z.string().min(1), z.number()]).transform(String);
const text = z.string().nullish();
// ISO strings today, "2014-05-01 10:00:00" or epoch milliseconds in old exports.
const ghostDate = z.union([z.string(), z.number()]).nullish();

const ghostExportSchema = z.object({
  db: z
    .array(
      z.object({
        meta: z.looseObject({ url: z.string().optional() }).nullish(),
        data: z.object({
          posts: z.array(z.unknown()),
          users: z.array(z.unknown()).nullish(),
          tags: z.array(z.unknown()).nullish(),
          posts_tags: z.array(z.unknown()).nullish(),
          posts_authors: z.array(z.unknown()).nullish(),
          posts_meta: z.array(z.unknown()).nullish(),
          settings: z.array(z.unknown()).nullish(),
        }),
      }),
    )
    .min(1),
});

const ghostPostSchema = z.looseObject({
  id: ghostId,
  title: text,
  slug: text,
  html: text,
  lexical: text,
  mobiledoc: text,
  feature_image: text,
  // Ghost 0.x's name for the feature image (renamed in 1.0).
  image: text,
  // Ghost before 4.0 kept these on the post; later in posts_meta.
  feature_image_alt: text,
  feature_image_caption: text,
  custom_excerpt: text,
  status: z.string(),
  type: text,
  page: z.union([z.boolean(), z.number()]).nullish(),
  visibility: text,
  published_at: ghostDate,
  created_at: ghostDate,
  updated_at: ghostDate,
  author_id: ghostId.nullish(),
  codeinjection_head: text,
  codeinjection_foot: text,
  canonical_url: text,
});
type GhostPost = z.output<typeof ghostPostSchema>;

const ghostUserSchema = z.looseObject({
  id: ghostId,
  name: text,
  slug: text,
  bio: text,
  location: text,
});

const ghostTagSchema = z.looseObject({
  id: ghostId,
  name: z.string(),
  slug: text,
  description: text,
  visibility: text,
});

const sortOrder = z.number().nullish();
const ghostPostTagSchema = z.looseObject({
  post_id: ghostId,
  tag_id: ghostId,
  sort_order: sortOrder,
});
const ghostPostAuthorSchema = z.looseObject({
  post_id: ghostId,
  author_id: ghostId,
  sort_order: sortOrder,
});
const ghostPostMetaSchema = z.looseObject({
  post_id: ghostId,
  feature_image_alt: text,
  feature_image_caption: text,
});
const ghostSettingSchema = z.looseObject({ key: z.string(), value: z.unknown() });

/**
 * Reads a Ghost export; `siteUrl` is the old site's address as the importer gives it. Throws `ImportFileError`: `file_too_large` (over `maxBytes`),
 * `truncated` (the JSON stops before its end), `unreadable` (not JSON, with where it broke),
 * `not_an_export` (JSON, but not Ghost's shape).
 */
export function parseGhostExport(
  text: string,
  options: { maxBytes?: number; siteUrl?: string } = {},
): ImportSource {
  checkImportFileSize(utf8ByteLength(text), options.maxBytes ?? IMPORT_FILE_MAX_BYTES);
  const json = withDbWrapper(parseJson(text));
  const parsed = ghostExportSchema.safeParse(json);
  if (!parsed.success) throw notAGhostExport(json, parsed.error);
  const [first] = parsed.data.db;
  if (first === undefined) throw new Error("unreachable: db has at least one entry");
  const { meta, data } = first;

  const notes: ImportNote[] = [];
  const settings = rows(data.settings, ghostSettingSchema, "setting", notes);
  // Ghost keeps its own address in its configuration, not in the database, so a real export
  // does not say it: the importer does (`siteUrl`); a settings row or meta.url is a fallback.
  const siteUrl = siteAddress(options.siteUrl || settingValue(settings, "url") || meta?.url || "");
  if (siteUrl === "") {
    notes.push({
      post: null,
      kind: "warning",
      detail:
        "The export does not say the old site's address (Ghost keeps it outside its database), " +
        "so links to the old site and its images stay paths (/content/images/…). Give the address " +
        "when importing to have them found.",
    });
  }
  const siteTitle = settingValue(settings, "title") ?? "";

  const authors = rows(data.users, ghostUserSchema, "user", notes).map(authorOf);
  const authorIds = new Set(authors.map((author) => author.sourceId));
  const { tags, publicTagIds } = tagsOf(rows(data.tags, ghostTagSchema, "tag", notes), notes);
  const tagsByPost = groupByPost(rows(data.posts_tags, ghostPostTagSchema, "post's tag", notes));
  const authorsByPost = groupByPost(
    rows(data.posts_authors, ghostPostAuthorSchema, "post's author", notes),
  );
  const metaByPost = new Map(
    rows(data.posts_meta, ghostPostMetaSchema, "post's meta", notes).map((row) => [
      row.post_id,
      row,
    ]),
  );

  // Ghost 0.x and 1.x kept the posts' address pattern here (later, routes.yaml: not exported).
  const permalinks = settingValue(settings, "permalinks");
  const timezone = settingValue(settings, "active_timezone") ?? "UTC";

  const posts: SourcePost[] = [];
  for (const [index, raw] of data.posts.entries()) {
    const row = ghostPostSchema.safeParse(raw);
    if (!row.success) {
      notes.push(unreadableRowNote("post", index, raw, row.error));
      continue;
    }
    const ghost = row.data;
    const post = postOf(ghost, siteUrl, notes);
    if (post === null) continue;
    post.tagSourceIds = sortedIds(tagsByPost.get(ghost.id), (link) => link.tag_id).filter((id) =>
      publicTagIds.has(id),
    );
    const bylines = sortedIds(authorsByPost.get(ghost.id), (link) => link.author_id);
    if (bylines.length === 0 && ghost.author_id != null) bylines.push(ghost.author_id);
    post.authorSourceIds = bylines.filter((id) => authorIds.has(id));
    if (permalinks !== null && post.kind === "post" && post.publishedAt !== null) {
      const path = permalinkPath(permalinks, post, {
        timezone,
        author: authors.find((author) => author.sourceId === post.authorSourceIds[0])?.slug ?? "",
        tag: tags.find((tag) => tag.sourceId === post.tagSourceIds[0])?.slug ?? "",
      });
      if (path !== null) post.oldPaths = oldPathsOf([`${siteUrl}${path}`], siteUrl);
    }
    const extra = metaByPost.get(ghost.id);
    if (post.featureImage !== null && extra !== undefined) {
      post.featureImage.alt = extra.feature_image_alt ?? post.featureImage.alt;
      // Ghost writes the caption as HTML (`<span style="white-space: pre-wrap;">…</span>`).
      post.featureImage.caption =
        extra.feature_image_caption == null
          ? post.featureImage.caption
          : htmlToText(extra.feature_image_caption);
    }
    posts.push(post);
  }

  return { system: "ghost", siteUrl, siteTitle, authors, tags, categories: [], posts, notes };
}

/**
 * A post's address by Ghost 0.x/1.x's `permalinks` setting (`/:year/:month/:day/:slug/`), its
 * date in the site's time zone as Ghost wrote it; null for a pattern with a part we do not know.
 */
function permalinkPath(
  template: string,
  post: SourcePost,
  context: { timezone: string; author: string; tag: string },
): string | null {
  const date = datePartsIn(post.publishedAt ?? post.createdAt, context.timezone);
  const parts: Record<string, string> = {
    ...date,
    slug: post.slug,
    id: post.sourceId,
    author: context.author,
    primary_author: context.author,
    primary_tag: context.tag,
  };
  let unknown = false;
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = parts[name];
    if (value === undefined || value === "") unknown = true;
    return value ?? "";
  });
  return unknown ? null : path;
}

function datePartsIn(date: Date, timeZone: string): { year: string; month: string; day: string } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
  } catch {
    // A time zone this runtime does not know: Ghost's default.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
  }
  const part = (type: string) =>
    format.formatToParts(date).find((piece) => piece.type === type)?.value ?? "";
  return { year: part("year"), month: part("month"), day: part("day") };
}

/**
 * Ghost's export is `{ db: [{ meta, data }] }`; Ghost's own importer also takes the inner
 * `{ meta, data }` alone (what older exports and migration tools write), so we do too.
 */
function withDbWrapper(json: unknown): unknown {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  if ("db" in json || !("data" in json)) return json;
  return { db: [json] };
}

/** JSON.parse, with a refusal that says where the text broke, and truncation told apart. */
function parseJson(text: string): unknown {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") {
    throw new ImportFileError("not_an_export", `The file is empty. ${HOW_TO_EXPORT}`);
  }
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // V8 says "at position N" for most errors and "Unexpected end of JSON input" at the end.
    const position = /at position (\d+)/.exec(message)?.[1];
    const at = position === undefined ? null : Number(position);
    if (/end of JSON input/.test(message) || (at !== null && at >= body.trimEnd().length)) {
      throw new ImportFileError(
        "truncated",
        "The file stops before the end of the export (it was cut off while downloading or " +
          `copying). ${HOW_TO_EXPORT}`,
      );
    }
    const where = at === null ? "at its start" : `at ${lineAndColumn(body, at)}`;
    throw new ImportFileError(
      "unreadable",
      `This is not a Ghost export: the file is not JSON (it breaks ${where}). ${HOW_TO_EXPORT}`,
    );
  }
}

function lineAndColumn(text: string, index: number): string {
  const before = text.slice(0, index);
  const line = before.split("\n").length;
  const column = index - before.lastIndexOf("\n");
  return `line ${line}, column ${column}`;
}

/** "db[0].data.posts" for a zod issue's path. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function notAGhostExport(json: unknown, error: z.ZodError): ImportFileError {
  const issue = error.issues[0];
  const path = issue === undefined ? [] : issue.path;
  // The deepest missing key names what is absent: db, db[0].data, db[0].data.posts…
  const missing = path.findIndex((_, i) => valueAt(json, path.slice(0, i + 1)) === undefined);
  const what =
    missing >= 0
      ? `it has no ${pathText(path.slice(0, missing + 1))}`
      : issue !== undefined && issue.code === "too_small"
        ? `its ${pathText(path)} is empty`
        : `its ${pathText(path)} is not what Ghost writes (${issue?.message ?? "unknown shape"})`;
  return new ImportFileError(
    "not_an_export",
    `This is not a Ghost export: ${what}. ${HOW_TO_EXPORT}`,
  );
}

function unreadableRowNote(
  kind: string,
  index: number,
  raw: unknown,
  error: z.ZodError,
): ImportNote {
  const issue = error.issues[0];
  const field = issue === undefined ? "" : pathText(issue.path);
  const title = valueAt(raw, ["title"]);
  const id = valueAt(raw, ["id"]);
  return {
    post:
      kind === "post"
        ? {
            sourceId:
              typeof id === "string" || typeof id === "number" ? String(id) : `#${index + 1}`,
            title: typeof title === "string" ? title : "",
          }
        : null,
    kind: kind === "post" ? "skipped" : "warning",
    detail:
      `The ${kind} at position ${index + 1} of the export could not be read` +
      `${field === "" ? "" : ` (${field}: ${issue?.message ?? ""})`}; it was not imported.`,
  };
}

/** The rows of one table that have the expected shape; the others become notes. */
function rows<T extends z.ZodType>(
  table: readonly unknown[] | null | undefined,
  schema: T,
  kind: string,
  notes: ImportNote[],
): z.output<T>[] {
  const kept: z.output<T>[] = [];
  for (const [index, raw] of (table ?? []).entries()) {
    const row = schema.safeParse(raw);
    if (row.success) kept.push(row.data);
    else notes.push(unreadableRowNote(kind, index, raw, row.error));
  }
  return kept;
}

function settingValue(settings: { key: string; value: unknown }[], key: string): string | null {
  const value = settings.find((setting) => setting.key === key)?.value;
  return typeof value === "string" && value !== "" ? value : null;
}

function authorOf(user: z.output<typeof ghostUserSchema>): SourceAuthor {
  const name = user.name ?? "";
  return {
    sourceId: user.id,
    slug: user.slug || slugFrom(name) || `author-${user.id}`,
    name,
    bio: user.bio ?? "",
    jobTitle: user.location ?? "",
  };
}

/** Public tags become tags; internal ones (`#name`, Ghost's own theme switches) are noted. */
function tagsOf(
  rowsOfTags: z.output<typeof ghostTagSchema>[],
  notes: ImportNote[],
): { tags: SourceTag[]; publicTagIds: Set<string> } {
  const tags: SourceTag[] = [];
  for (const tag of rowsOfTags) {
    if (tag.name.startsWith("#") || tag.visibility === "internal") {
      notes.push({
        post: null,
        kind: "warning",
        detail: `The internal tag "${tag.name}" was not imported (Ghost uses internal tags for its own settings).`,
      });
      continue;
    }
    tags.push({
      sourceId: tag.id,
      slug: tag.slug || slugFrom(tag.name) || `tag-${tag.id}`,
      name: tag.name,
      description: tag.description ?? "",
    });
  }
  return { tags, publicTagIds: new Set(tags.map((tag) => tag.sourceId)) };
}

function groupByPost<T extends { post_id: string }>(links: T[]): Map<string, T[]> {
  const byPost = new Map<string, T[]>();
  for (const link of links) {
    const list = byPost.get(link.post_id);
    if (list === undefined) byPost.set(link.post_id, [link]);
    else list.push(link);
  }
  return byPost;
}

/** The ids in `sort_order` (the export's order where it is equal or absent), without repeats. */
function sortedIds<T extends { sort_order?: number | null }>(
  links: T[] | undefined,
  idOf: (link: T) => string,
): string[] {
  const sorted = [...(links ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
  return [...new Set(sorted.map(idOf))];
}

function ghostDateOf(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  // Old exports write "2014-05-01 10:00:00", in UTC.
  const iso =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
      ? `${value.replace(" ", "T")}Z`
      : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const GHOST_STATUSES: Record<string, SourceStatus> = {
  published: "published",
  sent: "published",
  draft: "draft",
  scheduled: "scheduled",
};

// Ghost 4+ writes its own address as this placeholder in bodies and image addresses.
const GHOST_URL_PLACEHOLDER = "__GHOST_URL__";

/** An image address with the placeholder replaced by the site's (a path when it is unknown). */
function withoutGhostPlaceholder(url: string, siteUrl: string): string {
  return url.startsWith(GHOST_URL_PLACEHOLDER)
    ? `${siteUrl}${url.slice(GHOST_URL_PLACEHOLDER.length)}`
    : url;
}

function featureImageOf(ghost: GhostPost, siteUrl: string): SourcePost["featureImage"] {
  const url = ghost.feature_image || ghost.image;
  if (!url) return null;
  return {
    url: withoutGhostPlaceholder(url, siteUrl),
    alt: ghost.feature_image_alt ?? "",
    caption: htmlToText(ghost.feature_image_caption ?? ""),
  };
}

/** The editor formats a post's body may be in when the export has no HTML for it. */
const EDITOR_FORMATS = [
  { name: "Lexical", field: "lexical", render: lexicalToHtml },
  { name: "Mobiledoc", field: "mobiledoc", render: mobiledocToHtml },
] as const;

/**
 * The post's body as HTML: Ghost's `html` when the export has it (every post Ghost itself
 * saved), otherwise rebuilt from its Lexical or Mobiledoc (posts written by an API client or a
 * migration tool, which Ghost renders only when it next saves them), with a note of what the
 * rebuild left out. Null (with a note) when there is no body to read.
 */
function bodyHtmlOf(
  ghost: GhostPost,
  ref: { sourceId: string; title: string },
  notes: ImportNote[],
): string | null {
  if (ghost.html != null) return ghost.html;
  for (const format of EDITOR_FORMATS) {
    const source = ghost[format.field];
    if (source == null) continue;
    const sourceBytes = utf8ByteLength(source);
    if (sourceBytes > GHOST_EDITOR_JSON_MAX_BYTES) {
      notes.push(
        postNote(
          ref,
          "skipped",
          `Its body is ${describeBytes(sourceBytes)} of Ghost's ${format.name} and no HTML; a post can have at most ${describeBytes(GHOST_EDITOR_JSON_MAX_BYTES)} of it. It was not imported.`,
        ),
      );
      return null;
    }
    const body = format.render(source);
    if (body === null) {
      notes.push(
        postNote(
          ref,
          "skipped",
          `Its body is only in Ghost's ${format.name} format, and that is not readable JSON; it was not imported.`,
        ),
      );
      return null;
    }
    notes.push(
      postNote(
        ref,
        "mapped",
        `The export has no HTML for it: its body was rebuilt from Ghost's ${format.name} format.`,
      ),
    );
    if (body.markdownCards > 0) {
      notes.push(
        postNote(
          ref,
          "warning",
          `${body.markdownCards === 1 ? "A Markdown card was" : `${body.markdownCards} Markdown cards were`} kept as plain text (without its formatting).`,
        ),
      );
    }
    for (const [what, count] of body.dropped) {
      notes.push(
        postNote(
          ref,
          "dropped",
          `Ghost's ${what}${count === 1 ? "" : ` (${count} of them)`} could not be rebuilt without its HTML.`,
        ),
      );
    }
    return body.html;
  }
  notes.push(postNote(ref, "skipped", "It has no body in the export; it was not imported."));
  return null;
}

/** One Ghost post as a `SourcePost` (tags and authors filled by the caller), or null if skipped. */
function postOf(ghost: GhostPost, siteUrl: string, notes: ImportNote[]): SourcePost | null {
  const title = ghost.title ?? "";
  const ref = { sourceId: ghost.id, title };
  const status = GHOST_STATUSES[ghost.status];
  if (status === undefined) {
    notes.push(
      postNote(
        ref,
        "skipped",
        `Its status "${ghost.status}" is not one Ghost exports for posts; it was not imported.`,
      ),
    );
    return null;
  }
  const html = bodyHtmlOf(ghost, ref, notes);
  if (html === null) return null;
  const htmlBytes = utf8ByteLength(html);
  if (htmlBytes > IMPORT_POST_HTML_MAX_BYTES) {
    notes.push(oversizedPostNote(ref, htmlBytes));
    return null;
  }
  const published = ghostDateOf(ghost.published_at);
  const createdAt = ghostDateOf(ghost.created_at) ?? ghostDateOf(ghost.updated_at) ?? published;
  if (createdAt === null) {
    notes.push(
      postNote(ref, "skipped", "It has no readable date in the export; it was not imported."),
    );
    return null;
  }
  let publishedAt: Date | null = null;
  if (status !== "draft") {
    publishedAt = published ?? createdAt;
    if (published === null) {
      notes.push(
        postNote(
          ref,
          "warning",
          "It has no publication date in the export; its creation date is used.",
        ),
      );
    }
  }
  if (ghost.status === "sent") {
    notes.push(
      postNote(
        ref,
        "mapped",
        "It was sent as a newsletter only; it is imported as a published article.",
      ),
    );
  }
  if (ghost.visibility != null && ghost.visibility !== "public") {
    notes.push(
      postNote(
        ref,
        "warning",
        `It was for ${ghost.visibility} members only in Ghost; it is imported as public.`,
      ),
    );
  }
  if (
    (ghost.codeinjection_head ?? "").trim() !== "" ||
    (ghost.codeinjection_foot ?? "").trim() !== ""
  ) {
    notes.push(
      postNote(
        ref,
        "dropped",
        "Its code injection (scripts or styles Ghost added to its page) was not imported.",
      ),
    );
  }
  if (ghost.canonical_url) {
    notes.push(
      postNote(
        ref,
        "warning",
        `Ghost named another page as its original (canonical ${ghost.canonical_url}); here it is its own.`,
      ),
    );
  }
  // Ghost 1-2 had `page: true`; `type` replaced it, and wins when both are there (not empty).
  const kind = ghost.type
    ? ghost.type === "page"
      ? "page"
      : "post"
    : ghost.page
      ? "page"
      : "post";
  const slug = ghost.slug || slugFrom(title) || `post-${ghost.id}`;

  return {
    sourceId: ghost.id,
    kind,
    slug,
    title,
    // As exported: html-to-blocks resolves __GHOST_URL__ in the addresses it keeps.
    html,
    excerpt: ghost.custom_excerpt ?? "",
    status,
    publishedAt,
    createdAt,
    updatedAt: ghostDateOf(ghost.updated_at) ?? createdAt,
    authorSourceIds: [],
    tagSourceIds: [],
    categorySourceIds: [],
    featureImage: featureImageOf(ghost, siteUrl),
    // Under the site's own path when Ghost ran in a folder (https://example.com/blog/slug/).
    oldPaths: oldPathsOf([`${siteUrl}/${slug}/`], siteUrl),
  };
}
