import type { BodyBlock } from "../contract/article-contract.ts";
import { slugFrom } from "../contract/slug-from.ts";
import { MAX_BODY_PHOTOGRAPHS } from "../db/story-field-queries.ts";
import { BODY_LIMITS, cleanText } from "../domain/body-blocks.ts";
import { checkSectionSlug } from "../domain/section-slugs.ts";
import { htmlToBlocks, type ImportBlock } from "./html-to-blocks.ts";
import { photographAddressProblem, type PhotographRequest } from "./import-images.ts";
import type { ImportNote, ImportSource, SourcePost } from "./import-model.ts";

/**
 * Issue 18 (decision 0024): an export mapped onto this site, before anything is written. The
 * plan says what will be made (and what already was, by an earlier import of the same site),
 * and the report lists every decision a newsroom should read: what was dropped, linked, kept
 * at its old address, renamed or skipped, by post. A dry run is this plan and its report.
 */

/** What the importer decides that the file cannot (`npm run import -- --section …`). */
export interface ImportRules {
  /**
   * The section for posts nothing else places: WordPress's uncategorised posts, Ghost's posts
   * whose primary tag has no rule. A slug; the section is made when the site has none.
   */
  defaultSection: string;
  /** Ghost: a primary tag's slug → the section its posts go to. */
  tagSections: Readonly<Record<string, string>>;
}

/** The site as the planner needs to know it. */
export interface SiteState {
  sections: readonly { id: number; slug: string; name: string }[];
  categories: readonly { id: number; sectionId: number; slug: string }[];
  /** Slugs taken by authors, tags, articles (with their old slugs) and pages. */
  authorSlugs: ReadonlySet<string>;
  tagIds: ReadonlyMap<string, number>;
  articleSlugs: ReadonlySet<string>;
  pageSlugs: ReadonlySet<string>;
  /** What earlier imports of the same origin made: `${kind}:${sourceId}` → target id. */
  imported: ReadonlyMap<string, number>;
}

/** Where an article goes: a section and a category in it, by slug (new or existing). */
export interface PlacedIn {
  section: string;
  category: string;
}

/**
 * A photograph of a story's body: `body[blockIndex]` is the link to its old address (what the
 * story keeps when it is not downloaded), which the writer replaces with the library's
 * photograph when it is.
 */
export interface PlannedPhotograph extends PhotographRequest {
  blockIndex: number;
}

export interface PlannedArticle {
  sourceId: string;
  slug: string;
  headline: string;
  standfirst: string;
  body: BodyBlock[];
  /** The body's photographs, in order. */
  photographs: PlannedPhotograph[];
  /** The post's feature image, to become the story's lead photograph. */
  lead: PhotographRequest | null;
  status: "draft" | "published";
  /** Published or scheduled (ahead); null for a draft. */
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  placedIn: PlacedIn;
  /** Source ids of the authors, in byline order (at least one: the site's default otherwise). */
  authorSourceIds: string[];
  tagSourceIds: string[];
  oldPaths: string[];
}

export interface PlannedPage {
  sourceId: string;
  slug: string;
  title: string;
  body: BodyBlock[];
  updatedAt: Date;
  oldPaths: string[];
}

export interface ImportPlan {
  /** The old site: `system:address` (what `import_items.origin` holds). */
  origin: string;
  /** Sections and categories to make (existing ones are used by slug). */
  newSections: { slug: string; name: string }[];
  newCategories: { section: string; slug: string; name: string }[];
  /** Authors and tags of the export that this site does not have yet, with the slug each gets. */
  newAuthors: { sourceId: string; slug: string; name: string; bio: string; title: string }[];
  newTags: { sourceId: string; slug: string; name: string; description: string }[];
  /** Tags of the export that are tags here already (same slug): merged, not duplicated. */
  existingTags: { sourceId: string; id: number }[];
  articles: PlannedArticle[];
  pages: PlannedPage[];
  /** Posts and pages an earlier import of this site made: left as they are. */
  alreadyImported: { posts: number; pages: number };
  notes: ImportNote[];
}

/** The category a section's posts get when nothing names one. */
export const GENERAL_CATEGORY = { slug: "general", name: "General" };
/** The byline of a post whose author the export does not name. */
export const UNKNOWN_AUTHOR = { sourceId: "(none)", slug: "imported", name: "Imported" };

const HEADLINE_MAX = 200;
const STANDFIRST_MAX = 600;

function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/**
 * WordPress's default category ("Uncategorized"), as its translations name it: a WXR does not
 * mark which category is the default, and a site's catch-all is no section of its own. English,
 * British English, Spanish, French, German, Italian, Portuguese, Dutch, Polish, Swedish,
 * Norwegian, Danish, Finnish, Czech, Catalan, Romanian, Turkish, Russian, Japanese, Chinese.
 */
const UNCATEGORISED = new Set([
  "uncategorized",
  "uncategorised",
  "sin-categoria",
  "non-classe",
  "allgemein",
  "senza-categoria",
  "sem-categoria",
  "geen-categorie",
  "bez-kategorii",
  "okategoriserade",
  "ukategorisert",
  "ikke-kategoriseret",
  "luokittelematon",
  "nezarazene",
  "sense-categoria",
  "necategorizat",
  "kategorisiz",
  "без-рубрики",
  "未分類",
  "未分类",
]);

function isUncategorised(slug: string): boolean {
  return UNCATEGORISED.has(percentDecoded(slug).toLowerCase());
}

/** WordPress writes non-ASCII slugs percent-encoded (`caf%c3%a9`); anything else as written. */
function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `base`, or `base-2`, `base-3`… : the first not in `taken` (and then taken). */
function freeSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 110)}-${n}`;
  taken.add(slug);
  return slug;
}

/** Our slug for an export's (percent-encoded or not), else the fallback's, else "untitled". */
function slugOr(value: string, fallback: string): string {
  return slugFrom(percentDecoded(value)) || slugFrom(fallback) || "untitled";
}

/** Alt text for the library, which needs one: the post's, its caption, or where it came from. */
function altOf(alt: string, caption: string, post: SourcePost): string {
  return (
    cleanText(alt || caption, BODY_LIMITS.imageText) ||
    cleanText(`A photograph from “${post.title}”`, BODY_LIMITS.imageText)
  );
}

/**
 * The article's body: our blocks, each image kept as a link to its old address. With
 * `photographs` (stories), each image is also planned for the media library, up to the most a
 * story's body may show; without it (pages) every image is a link and a note.
 */
function bodyOf(
  post: SourcePost,
  siteUrl: string,
  notes: ImportNote[],
  photographs?: PlannedPhotograph[],
): BodyBlock[] {
  const converted = htmlToBlocks(post.html, { siteUrl });
  const about = { sourceId: post.sourceId, title: post.title };
  for (const note of converted.notes) notes.push({ post: about, ...note });
  const distinct = new Set<string>();
  return converted.blocks.map((block: ImportBlock, blockIndex): BodyBlock => {
    if (block.type !== "external-image") return block;
    const words = block.caption || block.alt || "Photograph";
    const link: BodyBlock = {
      type: "paragraph",
      text: words,
      runs: [{ text: words, href: block.url }],
    };
    if (photographs && (distinct.has(block.url) || distinct.size < MAX_BODY_PHOTOGRAPHS)) {
      distinct.add(block.url);
      const alt = altOf(block.alt, block.caption, post);
      photographs.push({ blockIndex, url: block.url, alt, caption: block.caption });
      return link;
    }
    const why = photographs
      ? `${block.url} kept at its old address: a story's body shows at most ${MAX_BODY_PHOTOGRAPHS} photographs.`
      : block.url;
    notes.push({ post: about, kind: "external-image", detail: why });
    return link;
  });
}

/** The feature image as the story's lead photograph, or a note when it cannot be one. */
function leadOf(post: SourcePost, siteUrl: string, notes: ImportNote[]): PhotographRequest | null {
  if (!post.featureImage?.url) return null;
  let url = post.featureImage.url;
  try {
    url = new URL(url.startsWith("//") ? `https:${url}` : url, siteUrl || undefined).href;
  } catch {
    // Not an address: photographAddressProblem says so.
  }
  // Private hosts are the writer's to refuse: the planner does not know where it runs.
  const problem = photographAddressProblem(url, true);
  if (problem) {
    notes.push({
      post: { sourceId: post.sourceId, title: post.title },
      kind: "external-image",
      detail: `The feature image ${url} is not the story's lead: ${problem}`,
    });
    return null;
  }
  // The parsers read the caption's HTML as text already.
  const caption = cleanText(post.featureImage.caption, BODY_LIMITS.imageText);
  return { url, alt: altOf(post.featureImage.alt, caption, post), caption };
}

/** The old site as `import_items` names it: its system and its address (or its title). */
export function originOf(source: Pick<ImportSource, "system" | "siteUrl" | "siteTitle">): string {
  return `${source.system}:${source.siteUrl || source.siteTitle || "unknown"}`;
}

export function planImport(source: ImportSource, site: SiteState, rules: ImportRules): ImportPlan {
  const origin = originOf(source);
  const notes: ImportNote[] = [...source.notes];
  const sectionsBySlug = new Map(site.sections.map((section) => [section.slug, section]));
  const sectionSlugById = new Map(site.sections.map((section) => [section.id, section.slug]));
  const categoryKeys = new Set(
    site.categories.map(
      (category) => `${sectionSlugById.get(category.sectionId) ?? ""}/${category.slug}`,
    ),
  );
  const newSections: ImportPlan["newSections"] = [];
  const newCategories: ImportPlan["newCategories"] = [];

  /** A section by slug, made when the site has none (a reserved word gets a suffix). */
  const sectionFor = (wanted: string, name: string): string => {
    let slug = slugOr(wanted, name);
    if (checkSectionSlug(slug) === "reserved") {
      const renamed = `${slug}-section`;
      notes.push({
        post: null,
        kind: "renamed",
        detail: `The section “${name}” is ${renamed}: ${slug} is one of the site's own addresses.`,
      });
      slug = renamed;
    }
    if (!sectionsBySlug.has(slug) && !newSections.some((section) => section.slug === slug)) {
      newSections.push({ slug, name });
    }
    return slug;
  };
  const categoryFor = (section: string, wanted: string, name: string): PlacedIn => {
    const slug = slugOr(wanted, name);
    const key = `${section}/${slug}`;
    if (!categoryKeys.has(key)) {
      categoryKeys.add(key);
      newCategories.push({ section, slug, name });
    }
    return { section, category: slug };
  };
  const general = (section: string) =>
    categoryFor(section, GENERAL_CATEGORY.slug, GENERAL_CATEGORY.name);
  const defaultSection = sectionFor(rules.defaultSection, titleOf(rules.defaultSection));

  // WordPress categories: a top-level one is a section, a nested one a category of its
  // top-level ancestor's section.
  const categoryById = new Map(source.categories.map((category) => [category.sourceId, category]));
  const topOf = (sourceId: string) => {
    let category = categoryById.get(sourceId);
    const seen = new Set<string>();
    while (category?.parentSourceId && !seen.has(category.sourceId)) {
      seen.add(category.sourceId);
      const parent = categoryById.get(category.parentSourceId);
      if (!parent) break;
      category = parent;
    }
    return category;
  };
  const wordPressPlace = (post: SourcePost): PlacedIn => {
    const named = post.categorySourceIds
      .map((id) => categoryById.get(id))
      .filter((category) => category && !isUncategorised(category.slug));
    const first = named[0];
    if (!first) {
      notes.push({
        post: { sourceId: post.sourceId, title: post.title },
        kind: "mapped",
        detail: `Uncategorised: in ${defaultSection}.`,
      });
      return general(defaultSection);
    }
    const top = topOf(first.sourceId) ?? first;
    const section = sectionFor(top.slug, top.name);
    return top === first ? general(section) : categoryFor(section, first.slug, first.name);
  };
  const tagById = new Map(source.tags.map((tag) => [tag.sourceId, tag]));
  const ghostPlace = (post: SourcePost): PlacedIn => {
    const primary = tagById.get(post.tagSourceIds[0] ?? "");
    const ruled = primary ? rules.tagSections[primary.slug] : undefined;
    if (ruled) return general(sectionFor(ruled, titleOf(ruled)));
    return general(defaultSection);
  };
  const placeOf = source.system === "wordpress" ? wordPressPlace : ghostPlace;

  // Authors: new profiles unless an earlier import made them; a taken slug gets a suffix.
  const authorSlugs = new Set(site.authorSlugs);
  const newAuthors: ImportPlan["newAuthors"] = [];
  for (const author of source.authors) {
    if (site.imported.has(`author:${author.sourceId}`)) continue;
    const base = slugOr(author.slug, author.name);
    const slug = freeSlug(base, authorSlugs);
    if (slug !== base) {
      notes.push({
        post: null,
        kind: "renamed",
        detail: `The author ${author.name} is ${slug}: ${base} is another author here.`,
      });
    }
    newAuthors.push({
      sourceId: author.sourceId,
      slug,
      name: author.name,
      bio: author.bio,
      title: author.jobTitle,
    });
  }
  // Tags: one of ours with the same slug is the same tag.
  const newTags: ImportPlan["newTags"] = [];
  const existingTags: ImportPlan["existingTags"] = [];
  for (const tag of source.tags) {
    if (site.imported.has(`tag:${tag.sourceId}`)) continue;
    const slug = slugOr(tag.slug, tag.name);
    const id = site.tagIds.get(slug);
    if (id !== undefined) existingTags.push({ sourceId: tag.sourceId, id });
    else if (!newTags.some((row) => row.slug === slug)) {
      newTags.push({ sourceId: tag.sourceId, slug, name: tag.name, description: tag.description });
    }
  }

  const articleSlugs = new Set(site.articleSlugs);
  const pageSlugs = new Set(site.pageSlugs);
  const articles: PlannedArticle[] = [];
  const pages: PlannedPage[] = [];
  const alreadyImported = { posts: 0, pages: 0 };
  for (const post of source.posts) {
    const about = { sourceId: post.sourceId, title: post.title };
    if (site.imported.has(`${post.kind}:${post.sourceId}`)) {
      alreadyImported[post.kind === "page" ? "pages" : "posts"] += 1;
      continue;
    }
    const base = slugOr(post.slug, post.title);
    const taken = post.kind === "page" ? pageSlugs : articleSlugs;
    const slug = freeSlug(base, taken);
    if (slug !== base) {
      notes.push({ post: about, kind: "renamed", detail: `${base} is taken here: ${slug}.` });
    }
    const photographs: PlannedPhotograph[] = [];
    const body = bodyOf(
      post,
      source.siteUrl,
      notes,
      post.kind === "post" ? photographs : undefined,
    );
    const title = cut(post.title, HEADLINE_MAX) || "Untitled";
    if (post.kind === "page") {
      if (post.status !== "published") {
        notes.push({
          post: about,
          kind: "skipped",
          detail: "A page that is not published: pages here have no drafts.",
        });
        continue;
      }
      pages.push({
        sourceId: post.sourceId,
        slug,
        title,
        body,
        updatedAt: post.updatedAt,
        oldPaths: post.oldPaths,
      });
      continue;
    }
    if (post.excerpt.length > STANDFIRST_MAX) {
      notes.push({
        post: about,
        kind: "warning",
        detail: `The excerpt was cut to ${STANDFIRST_MAX} characters.`,
      });
    }
    articles.push({
      sourceId: post.sourceId,
      slug,
      headline: title,
      standfirst: cut(post.excerpt, STANDFIRST_MAX),
      body,
      photographs,
      lead: leadOf(post, source.siteUrl, notes),
      status: post.status === "draft" ? "draft" : "published",
      publishedAt: post.status === "draft" ? null : post.publishedAt,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      placedIn: placeOf(post),
      authorSourceIds:
        post.authorSourceIds.length > 0 ? post.authorSourceIds : [UNKNOWN_AUTHOR.sourceId],
      tagSourceIds: post.tagSourceIds.filter((id) => tagById.has(id)),
      // A draft never had a public address to keep alive.
      oldPaths: post.status === "draft" ? [] : post.oldPaths,
    });
  }
  if (articles.some((article) => article.authorSourceIds[0] === UNKNOWN_AUTHOR.sourceId)) {
    if (!site.imported.has(`author:${UNKNOWN_AUTHOR.sourceId}`)) {
      newAuthors.push({
        sourceId: UNKNOWN_AUTHOR.sourceId,
        slug: freeSlug(UNKNOWN_AUTHOR.slug, authorSlugs),
        name: UNKNOWN_AUTHOR.name,
        bio: "",
        title: "",
      });
    }
    notes.push({
      post: null,
      kind: "mapped",
      detail: "Posts without an author are bylined “Imported”.",
    });
  }
  return {
    origin,
    newSections,
    newCategories,
    newAuthors,
    newTags,
    existingTags,
    articles,
    pages,
    alreadyImported,
    notes,
  };
}

/** "world-news" → "World news": a section's name when only its slug is given. */
function titleOf(slug: string): string {
  const words = slug.replace(/-/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
