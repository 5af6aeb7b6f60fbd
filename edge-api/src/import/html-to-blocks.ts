import { parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import type { BodyBlock, InlineRun } from "../contract/article-contract.ts";
import { BODY_LIMITS, cleanText, sanitizeBody } from "../domain/body-blocks.ts";
import { hasMarks, isAllowedLink, normalizeRuns, runsText } from "../domain/inline-runs.ts";
import type { ImportNote } from "./import-model.ts";

/**
 * Issue 18 (decision 0024): an imported post's HTML (Ghost's `html`, WordPress's
 * `content:encoded`) becomes our structured blocks. parse5 reads it as a browser would
 * (unclosed tags, stray end tags); the tree is walked with an explicit stack, never recursion,
 * so 10,000 nested elements cannot overflow the call stack. Every block (other than an
 * external image, which the planner turns into media or a link) is already what `sanitizeBody`
 * keeps; whatever the body cannot hold is dropped or turned into a link, and said in `notes`.
 * Regular expressions only ever read plain text (WordPress shortcodes), never markup.
 */

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** A photograph left at its old address: the planner downloads it or links to it. */
export interface ExternalImageBlock {
  type: "external-image";
  url: string;
  alt: string;
  caption: string;
  credit: string;
}
export type ImportBlock = BodyBlock | ExternalImageBlock;
export interface HtmlImportNote {
  kind: ImportNote["kind"];
  detail: string;
}

/** Ghost 4+ writes its own address as this placeholder in exported bodies. */
const GHOST_URL = "__GHOST_URL__";
const MAX_RUNS = 2_000; // what `normalizeRuns` reads of one block
const DETAIL_URL_LENGTH = 120;
/** Elements searched for a card's parts (its title, its address). */
const MAX_CARD_ELEMENTS = 200;
/** Notes one body may list one by one (a hostile body could otherwise fill the report). */
const MAX_NOTES = 50;

/** Elements the body cannot hold at all: dropped with their content, counted in the notes. */
const DROPPED = new Set([
  "script",
  "style",
  "form",
  "input",
  "button",
  "noscript",
  "svg",
  "canvas",
  "template",
  "select",
  "textarea",
]);
/** Elements without reader content: dropped without a word (`hr` is only a rule). */
const SILENT = new Set([
  "hr",
  "meta",
  "link",
  "base",
  "title",
  "wbr",
  "map",
  "area",
  "track",
  "param",
]);
const EMBEDS = new Set(["iframe", "video", "audio", "embed", "object"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Block containers: each ends the paragraph before it and starts a new one. */
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "aside",
  "nav",
  "main",
  "address",
  "details",
  "summary",
  "dl",
  "dt",
  "dd",
  "center",
  "hgroup",
  "fieldset",
  "legend",
  "figure",
  "figcaption",
  "li",
  "ul",
  "ol",
  "blockquote",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "pre",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);

// Shortcodes in text: `[name attrs]`, `[name attrs /]`, `[/name]`. The lookahead after the name
// and attributes that cannot hold a bracket keep it linear on hostile text (no backtracking).
const SHORTCODE = /\[(\/)?([A-Za-z][\w-]*)(?=[\s/\]])([^[\]]*)\]/g;
/** Attributes read of one shortcode: plenty for ids, a caption or a file's address. */
const MAX_SHORTCODE_ATTRIBUTES = 2_000;
const SHORTCODE_ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
/** Shortcodes WordPress always has, so `[gallery]` is one even without attributes. */
const KNOWN_SHORTCODES = new Set([
  "caption",
  "wp_caption",
  "embed",
  "gallery",
  "audio",
  "video",
  "playlist",
]);
const MEDIA_SHORTCODE_SOURCES = ["src", "mp3", "m4a", "ogg", "wav", "wma", "mp4", "webm", "m4v"];
const BARE_URL = /^https?:\/\/\S+$/i;
const ATTRIBUTION_DASH = /^\s*[—–―]\s*/;

type Run = InlineRun;

type Sink =
  | { kind: "flow"; runs: Run[] }
  | { kind: "heading"; runs: Run[] }
  | { kind: "pullquote"; runs: Run[] }
  | { kind: "callout"; runs: Run[] }
  | { kind: "caption"; runs: Run[] }
  | { kind: "pre"; runs: Run[] }
  | {
      kind: "list";
      runs: Run[];
      ordered: boolean;
      items: Run[][];
      itemDepth: number;
      nested: boolean;
    }
  | { kind: "quote"; runs: Run[]; segments: QuoteSegment[]; footerDepth: number; inCite: boolean }
  | { kind: "table"; runs: Run[]; inRow: boolean; rows: number };

/** A stretch of a quote's text: a paragraph of it, a `cite`, text inside its `footer`. */
interface QuoteSegment {
  runs: Run[];
  footer: boolean;
  cite: boolean;
}

interface Figure {
  images: ExternalImageBlock[];
  caption: string;
  gallery: boolean;
}

interface CaptionShortcode {
  images: ExternalImageBlock[];
  text: string;
  attributeCaption: string;
}

interface LinkCard {
  className: string;
  /** Where its address is: the first of these elements (`href` of an `a`, else `src`). */
  elements: string[];
  titleClass: string;
  what: string;
}

const LINK_CARDS: LinkCard[] = [
  {
    className: "kg-bookmark-card",
    elements: ["a"],
    titleClass: "kg-bookmark-title",
    what: "a bookmark card",
  },
  {
    className: "kg-file-card",
    elements: ["a"],
    titleClass: "kg-file-card-title",
    what: "a file card",
  },
  {
    className: "kg-audio-card",
    elements: ["audio", "source"],
    titleClass: "kg-audio-title",
    what: "an audio card",
  },
  {
    className: "kg-video-card",
    elements: ["video", "source"],
    titleClass: "kg-video-title",
    what: "a video card",
  },
];

type Task = { node: ChildNode } | { exit: () => void };

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function classes(element: Element): Set<string> {
  return new Set((attribute(element, "class") ?? "").split(/\s+/).filter(Boolean));
}

function isElement(node: ChildNode | ParentNode): node is Element {
  return "tagName" in node;
}

/**
 * Elements under `root` (not `root` itself) in document order, walked without recursion. Only
 * the first `MAX_CARD_ELEMENTS`: a card's parts are near its top, and cards nested in cards
 * must not make the walk quadratic.
 */
function* descendants(root: ParentNode): Generator<Element> {
  const stack: ChildNode[] = [...root.childNodes].reverse();
  let seen = 0;
  while (stack.length > 0 && seen < MAX_CARD_ELEMENTS) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    seen++;
    yield node;
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
}

/** The plain text under `root`, as one line. */
function textOf(root: ParentNode): string {
  const parts: string[] = [];
  const stack: ChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === "#text") parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
    else if (isElement(node) && !DROPPED.has(node.tagName)) {
      if (BLOCKS.has(node.tagName)) parts.push(" ");
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
    }
  }
  return cleanText(parts.join(""), Number.MAX_SAFE_INTEGER);
}

/**
 * An HTML snippet's text as one line. WordPress keeps titles, term and author names and
 * excerpts as HTML (`Q&amp;A`, `&#8217;`, `<em>`), so the importer reads them through this.
 */
export function htmlToText(html: string): string {
  return textOf(parseFragment(html));
}

function shortened(value: string): string {
  return value.length > DETAIL_URL_LENGTH ? `${value.slice(0, DETAIL_URL_LENGTH)}…` : value;
}

function shortcodeAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.slice(0, MAX_SHORTCODE_ATTRIBUTES).matchAll(SHORTCODE_ATTRIBUTE)) {
    attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/**
 * Cuts runs into pieces of at most `max` characters, at the last space that fits (or hard,
 * in a word longer than that), and at `MAX_RUNS` runs, so a long paragraph becomes several
 * instead of losing its end.
 */
function splitRuns(runs: readonly Run[], max: number): Run[][] {
  const parts: Run[][] = [];
  let part: Run[] = [];
  let length = 0;
  for (const run of runs) {
    if (part.length === MAX_RUNS) {
      parts.push(part);
      part = [];
      length = 0;
    }
    let text = run.text;
    while (length + text.length > max) {
      const room = max - length;
      const space = text.lastIndexOf(" ", room);
      const cut = space > 0 ? space : room;
      if (cut > 0) part.push({ ...run, text: text.slice(0, cut) });
      parts.push(part);
      part = [];
      length = 0;
      text = text.slice(cut);
    }
    if (text !== "") {
      part.push({ ...run, text });
      length += text.length;
    }
  }
  if (part.length > 0) parts.push(part);
  return parts.filter((piece) => piece.length > 0);
}

/** `target.push(...items)` without spreading: a body can give more items than call arguments. */
function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

function sameMarks(a: Run, b: Run): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.href === b.href;
}

/** Neighbouring runs with the same marks as one run. */
function mergeRuns(runs: readonly Run[]): Run[] {
  const merged: Run[] = [];
  let texts: string[] = [];
  runs.forEach((run, index) => {
    texts.push(run.text);
    const next = runs[index + 1];
    if (next && sameMarks(run, next)) return;
    merged.push({ ...run, text: texts.join("") });
    texts = [];
  });
  return merged;
}

/**
 * Runs cleaned as the body gate cleans them. The gate reads at most `MAX_RUNS` runs of a block,
 * so a longer paragraph is cleaned in pieces (and `splitRuns` cuts it into blocks again).
 */
function cleanRuns(input: readonly Run[]): Run[] {
  const runs = mergeRuns(input);
  const cleaned: Run[] = [];
  for (let start = 0; start < runs.length; start += MAX_RUNS) {
    const piece = normalizeRuns(runs.slice(start, start + MAX_RUNS), Number.MAX_SAFE_INTEGER);
    if (cleaned.length > 0 && piece.length > 0) cleaned.push({ text: " " });
    pushAll(cleaned, piece);
  }
  return cleaned;
}

class BodyConverter {
  private readonly blocks: ImportBlock[] = [];
  private readonly notes: HtmlImportNote[] = [];
  private readonly droppedElements = new Map<string, number>();
  private readonly droppedShortcodes = new Map<string, number>();
  private readonly droppedLinks = new Map<string, number>();
  private readonly sinks: Sink[] = [{ kind: "flow", runs: [] }];
  /** Blocks met inside a list, quote, heading…: they follow it. */
  private deferred: ImportBlock[] = [];
  private readonly figures: Figure[] = [];
  private caption: CaptionShortcode | null = null;
  private unlistedNotes = 0;
  /** Block containers open in the flow: outside them, loose text follows wpautop. */
  private containerDepth = 0;
  private bold = 0;
  private italic = 0;
  private readonly hrefs: (string | null)[] = [];
  private readonly closedShortcodes = new Set<string>();
  private readonly siteBase: URL | null;
  private readonly siteHost: string | null;

  constructor(siteUrl: string) {
    this.siteBase = siteBaseOf(siteUrl);
    this.siteHost = this.siteBase ? withoutWww(this.siteBase.host) : null;
  }

  convert(html: string): { blocks: ImportBlock[]; notes: HtmlImportNote[] } {
    const root = parseFragment(html);
    this.findClosedShortcodes(root);
    const tasks: Task[] = [];
    const pushChildren = (nodes: readonly ChildNode[]) => {
      for (let i = nodes.length - 1; i >= 0; i--) tasks.push({ node: nodes[i]! });
    };
    pushChildren(root.childNodes);
    // Past the limit nothing more is kept: stop reading (the note says the body was cut).
    while (tasks.length > 0 && this.blocks.length <= BODY_LIMITS.blocks) {
      const task = tasks.pop()!;
      if ("exit" in task) {
        task.exit();
        continue;
      }
      const { node } = task;
      if (node.nodeName === "#text") {
        this.text((node as DefaultTreeAdapterTypes.TextNode).value);
        continue;
      }
      if (!isElement(node)) continue; // comments (Gutenberg's `<!-- wp:… -->`), doctypes
      const visit = this.enter(node);
      if (visit === null) continue;
      if (visit.exit) tasks.push({ exit: visit.exit });
      pushChildren(visit.children ?? node.childNodes);
    }
    this.flushParagraph();
    this.finishCaption();
    return { blocks: this.limited(), notes: [...this.notes, ...this.summaryNotes()] };
  }

  // ---- the walk ----

  /** What an element does: null skips it, else its children are walked, then `exit` runs. */
  private enter(element: Element): { children?: ChildNode[]; exit?: () => void } | null {
    const name = element.tagName;
    if (DROPPED.has(name)) {
      this.droppedElements.set(name, (this.droppedElements.get(name) ?? 0) + 1);
      return null;
    }
    if (SILENT.has(name)) {
      if (name === "hr") this.boundary();
      return null;
    }
    if (name === "br") {
      this.lineBreak();
      return null;
    }
    if (name === "img") {
      this.image(element);
      return null;
    }
    if (EMBEDS.has(name)) {
      this.embed(element);
      return null;
    }
    if (name === "a") return this.link(element);
    if (name === "strong" || name === "b") {
      this.bold++;
      return { exit: () => this.bold-- };
    }
    if (name === "em" || name === "i") {
      this.italic++;
      return { exit: () => this.italic-- };
    }
    const sink = this.sink;
    if (sink.kind === "flow") return this.enterFlow(element, name);
    return this.enterInside(sink, element, name);
  }

  private enterFlow(element: Element, name: string) {
    const kinds = classes(element);
    const card = LINK_CARDS.find(({ className }) => kinds.has(className));
    if (card) return this.linkCard(element, card);
    if (kinds.has("kg-toggle-card")) return this.toggle(element);
    if (kinds.has("kg-callout-card")) return this.open({ kind: "callout", runs: [] });
    if (HEADINGS.has(name)) return this.open({ kind: "heading", runs: [] });
    // WordPress 5.0 to 5.8 wrote a gallery as a list of figures, each with its own caption:
    // its items are photographs, not a list's words.
    const galleryList = kinds.has("blocks-gallery-grid") || kinds.has("wp-block-gallery");
    if ((name === "ul" || name === "ol") && !galleryList) {
      return this.open({
        kind: "list",
        runs: [],
        ordered: name === "ol",
        items: [],
        itemDepth: 0,
        nested: false,
      });
    }
    if (name === "blockquote") {
      if (kinds.has("kg-blockquote-alt")) return this.open({ kind: "pullquote", runs: [] });
      const first: QuoteSegment = { runs: [], footer: false, cite: false };
      return this.open({
        kind: "quote",
        runs: first.runs,
        segments: [first],
        footerDepth: 0,
        inCite: false,
      });
    }
    if (name === "table") return this.open({ kind: "table", runs: [], inRow: false, rows: 0 });
    if (name === "pre") return this.open({ kind: "pre", runs: [] });
    if (name === "figcaption" && this.figures.length > 0) {
      return this.open({ kind: "caption", runs: [] });
    }
    if (name === "figure") return this.figure(kinds);
    if (BLOCKS.has(name)) {
      this.flushParagraph();
      this.containerDepth++;
      return {
        exit: () => {
          this.flushParagraph();
          this.containerDepth--;
        },
      };
    }
    return {};
  }

  /** Inside a list, quote, heading, table…: structure becomes separators in its text. */
  private enterInside(sink: Exclude<Sink, { kind: "flow" }>, element: Element, name: string) {
    if (sink.kind === "list") {
      if (name === "li") {
        if (sink.itemDepth === 0) this.startItem(sink);
        else this.append(sink.nested && !/^$|[:;]/.test(lastVisible(sink.runs)) ? "; " : " ");
        sink.itemDepth++;
        return { exit: () => sink.itemDepth-- };
      }
      if ((name === "ul" || name === "ol") && sink.itemDepth > 0) {
        if (!sink.nested) {
          this.note("warning", "a list inside a list item became part of that item's text");
        }
        sink.nested = true;
        this.append(/^$|[:;]/.test(lastVisible(sink.runs)) ? " " : ": ");
        return {};
      }
    }
    if (sink.kind === "quote" && !sink.inCite) {
      if (name === "cite") {
        sink.inCite = true;
        this.quoteSegment(sink, true);
        return {
          exit: () => {
            sink.inCite = false;
            this.quoteSegment(sink, false);
          },
        };
      }
      if (BLOCKS.has(name)) {
        const footer = name === "footer";
        if (footer) sink.footerDepth++;
        this.quoteSegment(sink, false);
        return {
          exit: () => {
            if (footer) sink.footerDepth--;
            this.quoteSegment(sink, false);
          },
        };
      }
    }
    if (sink.kind === "table") {
      if (name === "tr" && !sink.inRow) {
        this.flushTableText(sink);
        sink.inRow = true;
        return { exit: () => this.endRow(sink) };
      }
      if ((name === "td" || name === "th") && sink.inRow) {
        if (lastVisible(sink.runs) !== "") this.append(" | ");
        return { exit: () => this.append(" ") };
      }
    }
    if (sink.kind === "pre") return {};
    if (BLOCKS.has(name)) {
      this.append(" ");
      return { exit: () => this.append(" ") };
    }
    return {};
  }

  private text(value: string): void {
    if (this.sink.kind === "pre") {
      this.append(value);
      return;
    }
    let last = 0;
    let embedEnd: number | null = null; // where the next `[/embed]` is (-1: none), once looked for
    for (const match of value.matchAll(SHORTCODE)) {
      const [whole, closing, rawName, attributes = ""] = match;
      const name = rawName!.toLowerCase();
      const isShortcode =
        closing !== undefined ||
        attributes.trimEnd().endsWith("/") ||
        KNOWN_SHORTCODES.has(name) ||
        attributes.includes("=") ||
        this.closedShortcodes.has(name);
      if (!isShortcode || match.index < last) continue;
      this.plainText(value.slice(last, match.index));
      last = match.index + whole.length;
      if (closing) {
        if (name === "caption" || name === "wp_caption") this.finishCaption();
        continue;
      }
      if (name === "embed") {
        if (embedEnd === null || (embedEnd >= 0 && embedEnd < last)) {
          embedEnd = value.toLowerCase().indexOf("[/embed]", last);
        }
        const end = embedEnd;
        if (end >= 0) {
          this.linkBlock(value.slice(last, end).trim(), "", "an [embed]");
          last = end + "[/embed]".length;
        }
        continue;
      }
      this.shortcode(name, shortcodeAttributes(attributes));
    }
    this.plainText(value.slice(last));
  }

  private shortcode(name: string, attributes: Map<string, string>): void {
    if (name === "caption" || name === "wp_caption") {
      this.finishCaption();
      this.flushParagraph();
      this.caption = { images: [], text: "", attributeCaption: attributes.get("caption") ?? "" };
      return;
    }
    if (name === "gallery") {
      const ids = attributes.get("ids");
      this.note(
        "dropped",
        `a WordPress [gallery]${ids ? ` of attachments ${shortened(ids)}` : ""}: its photographs cannot be found from the body alone`,
      );
      return;
    }
    if (name === "audio" || name === "video" || name === "playlist") {
      const source = MEDIA_SHORTCODE_SOURCES.map((key) => attributes.get(key)).find(Boolean);
      if (source && this.linkBlock(source, "", `a [${name}]`)) return;
    }
    this.droppedShortcodes.set(name, (this.droppedShortcodes.get(name) ?? 0) + 1);
  }

  /** Text outside shortcodes: loose text in the flow follows wpautop (a newline ends a line). */
  private plainText(value: string): void {
    if (value === "") return;
    if (this.caption) {
      // A blank line ends a caption left open, so the rest of the post is not taken for it.
      const blank = value.search(/\n[^\S\n]*\n/);
      if (blank < 0) {
        this.caption.text += value;
        return;
      }
      this.caption.text += value.slice(0, blank);
      this.finishCaption();
      value = value.slice(blank);
    }
    if (this.sink.kind === "flow" && this.containerDepth === 0 && value.includes("\n")) {
      const lines = value.split(/\r?\n|\r/);
      lines.forEach((line, index) => {
        if (index > 0) this.flushParagraph();
        this.append(line);
      });
      return;
    }
    this.append(value);
  }

  private append(text: string): void {
    if (text === "") return;
    const runs = this.sink.runs;
    const previous = runs.at(-1);
    // White space after white space says nothing more (outside a code block): not kept.
    if (this.sink.kind !== "pre" && previous && /^\s+$/.test(text) && /\s$/.test(previous.text)) {
      return;
    }
    const href = this.hrefs.at(-1) ?? null;
    const run: Run = {
      text,
      ...(this.bold > 0 ? { bold: true } : {}),
      ...(this.italic > 0 ? { italic: true } : {}),
      ...(href === null ? {} : { href }),
    };
    // Merged when the block is finished (`mergeRuns`): growing one string here would make every
    // look at the end of it (`lastVisible`) read it all again.
    runs.push(run);
  }

  private lineBreak(): void {
    const sink = this.sink;
    // The body's text holds no newline (cleanText): a break in the flow starts a paragraph.
    if (sink.kind === "flow") this.flushParagraph();
    else if (sink.kind === "pre") this.append("\n");
    else this.append(" ");
  }

  /** An `hr`: the end of a paragraph in the flow, a space elsewhere. */
  private boundary(): void {
    if (this.sink.kind === "flow") this.flushParagraph();
    else this.append(" ");
  }

  private get sink(): Sink {
    return this.sinks.at(-1)!;
  }

  private open(sink: Exclude<Sink, { kind: "flow" }>) {
    this.flushParagraph();
    this.sinks.push(sink);
    return { exit: () => this.close() };
  }

  private close(): void {
    const sink = this.sinks.pop() as Exclude<Sink, { kind: "flow" }>;
    const blocks = this.finishSink(sink);
    if (this.sinks.length > 1) {
      pushAll(this.deferred, blocks);
      return;
    }
    const deferred = this.deferred;
    this.deferred = [];
    for (const block of [...blocks, ...deferred]) this.emit(block);
  }

  /** Puts a block out: after the open list or quote when there is one, else here. */
  private emit(block: ImportBlock): void {
    if (this.sinks.length > 1) {
      this.deferred.push(block);
      return;
    }
    this.flushParagraph();
    this.blocks.push(block);
  }

  // ---- links and images ----

  private link(element: Element) {
    const raw = attribute(element, "href");
    const href = raw === undefined ? null : this.linkTarget(raw);
    this.hrefs.push(href);
    return { exit: () => this.hrefs.pop() };
  }

  /**
   * Where a link may point in our body, or null (then its words stay as text, and the notes
   * say why): http(s), mailto and same-site paths; the old site's own addresses become paths
   * here, which the import's redirects answer.
   */
  private linkTarget(raw: string): string | null {
    const value = this.withoutPlaceholder(raw.trim());
    if (value === "") return null;
    if (value.startsWith("#")) return this.refuseLink("links to a place in the old page (#…)");
    const url = this.absolute(value);
    if (url === null) {
      if (isAllowedLink(value)) return value;
      return this.refuseLink("links to relative addresses (the old site's address is unknown)");
    }
    if (url.protocol === "http:" || url.protocol === "https:") {
      if (this.siteHost !== null && withoutWww(url.host) === this.siteHost) {
        const path = `${url.pathname}${url.search}${url.hash}`;
        if (isAllowedLink(path)) return path;
      }
      if (isAllowedLink(url.href)) return url.href;
      return this.refuseLink("links to addresses that are too long or malformed");
    }
    if (url.protocol === "mailto:" && isAllowedLink(value)) return value;
    return this.refuseLink(`links with the ${shortened(url.protocol)} scheme`);
  }

  private refuseLink(label: string): null {
    this.droppedLinks.set(label, (this.droppedLinks.get(label) ?? 0) + 1);
    return null;
  }

  private withoutPlaceholder(value: string): string {
    if (!value.startsWith(GHOST_URL)) return value;
    const rest = value.slice(GHOST_URL.length);
    return this.siteBase ? new URL(rest.replace(/^\/+/, ""), this.siteBase).href : rest;
  }

  /** An address made absolute against the old site (protocol-relative ones as https). */
  private absolute(value: string): URL | null {
    const candidate = value.startsWith("//") ? `https:${value}` : value;
    try {
      return new URL(candidate, this.siteBase ?? undefined);
    } catch {
      return null;
    }
  }

  /** An http(s) address for an image or embed, or null. */
  private mediaUrl(raw: string | undefined): string | null {
    if (raw === undefined || raw.trim() === "") return null;
    const url = this.absolute(this.withoutPlaceholder(raw.trim()));
    if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
    return isAllowedLink(url.href) ? url.href : null;
  }

  private image(element: Element): void {
    const raw = attribute(element, "src") ?? attribute(element, "data-src");
    const url = this.mediaUrl(raw);
    if (url === null) {
      const scheme = raw?.trim().match(/^([a-z][\w+.-]*):/i)?.[1];
      this.note(
        "dropped",
        raw?.trim()
          ? `an image whose address cannot be fetched (${scheme ? `${scheme}:…` : shortened(raw.trim())})`
          : "an image without an address",
      );
      return;
    }
    const image: ExternalImageBlock = {
      type: "external-image",
      url,
      alt: cleanText(attribute(element, "alt") ?? "", BODY_LIMITS.imageText),
      caption: "",
      credit: "",
    };
    if (this.caption) {
      this.caption.images.push(image);
      return;
    }
    this.figures.at(-1)?.images.push(image);
    this.emit(image);
  }

  private finishCaption(): void {
    const caption = this.caption;
    if (!caption) return;
    this.caption = null;
    const text =
      cleanText(caption.text, BODY_LIMITS.imageText) ||
      cleanText(caption.attributeCaption, BODY_LIMITS.imageText);
    if (caption.images.length === 0) {
      this.plainText(caption.text);
      return;
    }
    for (const image of caption.images) this.emit({ ...image, caption: text });
  }

  private embed(element: Element): void {
    const name = element.tagName;
    let source =
      attribute(element, name === "object" ? "data" : "src") ?? attribute(element, "data-src");
    if (!source && (name === "video" || name === "audio")) {
      for (const child of descendants(element)) {
        if (child.tagName === "source" && attribute(child, "src")) {
          source = attribute(child, "src");
          break;
        }
      }
    }
    const title = cleanText(attribute(element, "title") ?? "", BODY_LIMITS.text);
    if (!this.linkBlock(source ?? "", title, `an <${name}>`)) {
      this.note("dropped", `an <${name}> without an http(s) address`);
    }
  }

  /** A paragraph that is one link (an embed, a bookmark); false when the address is unusable. */
  private linkBlock(raw: string, words: string, what: string): boolean {
    const url = this.mediaUrl(raw);
    if (url === null) return false;
    const href = this.linkTarget(url) ?? url;
    const [block] = sanitizeBody([
      { type: "paragraph", text: "", runs: [{ text: words || url, href }] },
    ]);
    if (!block) return false;
    this.note("linked", `${what} became a link to ${shortened(url)}`);
    this.emit(block);
    return true;
  }

  // ---- Ghost cards and figures ----

  /**
   * A Ghost card that stands for one address (a bookmark, a file, an audio or video player):
   * one paragraph linking to it, named by its title; only its caption is read further (a
   * player's buttons and timers are not text).
   */
  private linkCard(element: Element, card: LinkCard) {
    let address: string | undefined;
    let title = "";
    for (const child of descendants(element)) {
      if (address === undefined && card.elements.includes(child.tagName)) {
        address = attribute(child, child.tagName === "a" ? "href" : "src");
      }
      if (!title && classes(child).has(card.titleClass)) title = textOf(child);
    }
    if (!this.linkBlock(address ?? "", title, card.what)) {
      this.note("dropped", `${card.what} without an http(s) address`);
    }
    const captions = element.childNodes.filter(
      (child) => isElement(child) && child.tagName === "figcaption",
    );
    this.flushParagraph();
    this.containerDepth++;
    return {
      children: captions,
      exit: () => {
        this.flushParagraph();
        this.containerDepth--;
      },
    };
  }

  /** A toggle: its question as a heading, its answer as the body it holds. */
  private toggle(element: Element) {
    let heading: Element | undefined;
    let content: Element | undefined;
    for (const child of descendants(element)) {
      const kinds = classes(child);
      if (!heading && kinds.has("kg-toggle-heading-text")) heading = child;
      if (!content && kinds.has("kg-toggle-content")) content = child;
    }
    if (heading) {
      const text = textOf(heading);
      for (const block of this.headingBlocks([{ text }])) this.emit(block);
    }
    this.flushParagraph();
    this.containerDepth++;
    return {
      children: content ? [content] : [],
      exit: () => {
        this.flushParagraph();
        this.containerDepth--;
      },
    };
  }

  private figure(kinds: Set<string>) {
    this.flushParagraph();
    this.containerDepth++;
    const figure: Figure = {
      images: [],
      caption: "",
      gallery: kinds.has("kg-gallery-card") || kinds.has("wp-block-gallery"),
    };
    this.figures.push(figure);
    return {
      exit: () => {
        this.flushParagraph();
        this.containerDepth--;
        this.figures.pop();
        pushAll(this.figures.at(-1)?.images ?? [], figure.images);
        if (figure.images.length === 0) {
          for (const block of this.paragraphBlocks([{ text: figure.caption }])) this.emit(block);
          return;
        }
        for (const image of figure.images) {
          if (!image.caption) image.caption = figure.caption;
        }
        if (figure.gallery) {
          const count = figure.images.length;
          this.note(
            "warning",
            `a gallery became ${count} photograph${count === 1 ? "" : "s"} one after another`,
          );
        }
      },
    };
  }

  // ---- finishing blocks ----

  private flushParagraph(): void {
    this.finishCaption();
    const flow = this.sinks[0]!;
    if (flow.runs.length === 0) return;
    const runs = flow.runs;
    flow.runs = [];
    for (const block of this.paragraphBlocks(runs)) this.blocks.push(block);
  }

  private finishSink(sink: Exclude<Sink, { kind: "flow" }>): BodyBlock[] {
    switch (sink.kind) {
      case "heading":
        return this.headingBlocks(sink.runs);
      case "callout":
        return this.paragraphBlocks(sink.runs);
      case "caption":
        this.figures.at(-1)!.caption = cleanText(runsText(sink.runs), BODY_LIMITS.imageText);
        return [];
      case "pullquote":
        return this.pullquoteBlocks(sink.runs);
      case "pre":
        return this.preBlocks(sink.runs);
      case "list":
        return this.listBlocks(sink);
      case "quote":
        return this.quoteBlocks(sink);
      case "table":
        this.flushTableText(sink);
        if (sink.rows > 0) {
          this.note(
            "warning",
            `a table became ${sink.rows} paragraph${sink.rows === 1 ? "" : "s"}, one a row`,
          );
        }
        return [];
    }
  }

  /** Paragraphs: long ones split at the limit, a bare address (an embed) as a link. */
  private paragraphBlocks(runs: readonly Run[]): BodyBlock[] {
    const cleaned = cleanRuns(runs);
    const text = runsText(cleaned);
    if (text === "") return [];
    if (!hasMarks(cleaned) && BARE_URL.test(text)) {
      const href = this.linkTarget(text);
      if (href !== null) {
        this.note(
          "linked",
          `a bare address (an embed in WordPress) became a link to ${shortened(text)}`,
        );
        return sanitizeBody([{ type: "paragraph", text: "", runs: [{ text, href }] }]);
      }
    }
    const parts = splitRuns(cleaned, BODY_LIMITS.text);
    if (parts.length > 1) {
      this.note(
        "warning",
        `a paragraph of ${text.length} characters became ${parts.length} (at most ${BODY_LIMITS.text} each)`,
      );
    }
    return parts.flatMap((part) => sanitizeBody([{ type: "paragraph", text: "", runs: part }]));
  }

  private headingBlocks(runs: readonly Run[]): BodyBlock[] {
    const text = cleanText(runsText(runs), Number.MAX_SAFE_INTEGER);
    if (text.length > BODY_LIMITS.heading) {
      this.note("warning", `a heading of ${text.length} characters became a paragraph`);
      return this.paragraphBlocks([{ text }]);
    }
    return sanitizeBody([{ type: "heading", text }]);
  }

  private pullquoteBlocks(runs: readonly Run[]): BodyBlock[] {
    const text = cleanText(runsText(runs), Number.MAX_SAFE_INTEGER);
    if (text.length > BODY_LIMITS.heading * 2) {
      this.note("warning", `a pull quote of ${text.length} characters became a quote`);
      return this.quoteRuns(cleanRuns(runs), "");
    }
    return sanitizeBody([{ type: "pullquote", text }]);
  }

  private preBlocks(runs: readonly Run[]): BodyBlock[] {
    const lines = runsText(runs)
      .split(/\r?\n|\r/)
      .slice(0, BODY_LIMITS.blocks + 1) // more could not be kept
      .flatMap((line) => this.paragraphBlocks([{ text: line }]));
    if (lines.length > 0) {
      this.note(
        "warning",
        `a code block became ${lines.length} paragraph${lines.length === 1 ? "" : "s"}, one a line (no code blocks here)`,
      );
    }
    return lines;
  }

  private startItem(list: Extract<Sink, { kind: "list" }>): void {
    if (list.runs.length > 0) list.items.push(list.runs);
    list.runs = [];
  }

  private listBlocks(list: Extract<Sink, { kind: "list" }>): BodyBlock[] {
    this.startItem(list);
    const items: Run[][] = [];
    for (const item of list.items) {
      const cleaned = cleanRuns(item);
      const parts = splitRuns(cleaned, BODY_LIMITS.listItem);
      if (parts.length > 1) {
        this.note(
          "warning",
          `a list item of ${runsText(cleaned).length} characters became ${parts.length} items`,
        );
      }
      for (const part of parts) items.push(normalizeRuns(part, BODY_LIMITS.listItem));
    }
    const kept = items.filter((item) => item.length > 0);
    const blocks: BodyBlock[] = [];
    for (let start = 0; start < kept.length; start += BODY_LIMITS.listItems) {
      blocks.push(
        ...sanitizeBody([
          {
            type: "list",
            ordered: list.ordered,
            items: [],
            itemRuns: kept.slice(start, start + BODY_LIMITS.listItems),
          },
        ]),
      );
    }
    return blocks;
  }

  private quoteSegment(quote: Extract<Sink, { kind: "quote" }>, cite: boolean): void {
    const segment: QuoteSegment = { runs: [], footer: quote.footerDepth > 0, cite };
    quote.segments.push(segment);
    quote.runs = segment.runs;
  }

  /**
   * A quote: a last `footer` (or a last paragraph opening with a dash) attributes it, else its
   * `cite`; the rest is its text, its paragraphs joined.
   */
  private quoteBlocks(quote: Extract<Sink, { kind: "quote" }>): BodyBlock[] {
    const words = (segment: QuoteSegment) =>
      cleanText(runsText(segment.runs), Number.MAX_SAFE_INTEGER);
    const filled = quote.segments.filter((segment) => words(segment) !== "");
    let end = filled.length;
    while (end > 0 && filled[end - 1]!.footer) end--;
    if (end === filled.length && end > 1 && ATTRIBUTION_DASH.test(words(filled[end - 1]!))) end--;
    let attribution: string;
    let body: QuoteSegment[];
    if (end < filled.length && end > 0) {
      attribution = filled.slice(end).map(words).join(" ");
      body = filled.slice(0, end);
    } else {
      attribution = filled
        .filter((segment) => segment.cite)
        .map(words)
        .join(" ");
      body = filled.filter((segment) => !segment.cite);
      if (body.length === 0) [body, attribution] = [filled, ""];
    }
    attribution = cleanText(attribution.replace(ATTRIBUTION_DASH, ""), Number.MAX_SAFE_INTEGER);
    if (attribution.length > BODY_LIMITS.attribution) {
      this.note("warning", `a quote's attribution of ${attribution.length} characters was cut`);
    }
    const runs = body.flatMap((segment, index) =>
      index === 0 ? segment.runs : [{ text: " " }, ...segment.runs],
    );
    return this.quoteRuns(cleanRuns(runs), attribution);
  }

  private quoteRuns(runs: readonly Run[], attribution: string): BodyBlock[] {
    const parts = splitRuns(runs, BODY_LIMITS.text);
    if (parts.length > 1) {
      this.note("warning", `a quote of ${runsText(runs).length} characters became ${parts.length}`);
    }
    return parts.flatMap((part, index) =>
      sanitizeBody([
        {
          type: "quote",
          text: "",
          runs: part,
          ...(index === parts.length - 1 && attribution ? { attribution } : {}),
        },
      ]),
    );
  }

  private flushTableText(table: Extract<Sink, { kind: "table" }>): void {
    const runs = table.runs;
    table.runs = [];
    pushAll(this.deferred, this.paragraphBlocks(runs));
  }

  private endRow(table: Extract<Sink, { kind: "table" }>): void {
    table.inRow = false;
    const before = this.deferred.length;
    this.flushTableText(table);
    if (this.deferred.length > before) table.rows++;
  }

  // ---- notes ----

  private note(kind: ImportNote["kind"], detail: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push({ kind, detail });
    else this.unlistedNotes++;
  }

  /** The counted notes, each map at most `MAX_NOTES` lines, then how many went unlisted. */
  private summaryNotes(): HtmlImportNote[] {
    const notes: HtmlImportNote[] = [];
    const summarise = (
      counts: Map<string, number>,
      detail: (key: string, count: number) => string,
    ) => {
      let listed = 0;
      for (const [key, count] of counts) {
        if (listed++ < MAX_NOTES) notes.push({ kind: "dropped", detail: detail(key, count) });
        else this.unlistedNotes++;
      }
    };
    summarise(
      this.droppedElements,
      (name, count) => `<${name}> ×${count}: the body cannot hold it`,
    );
    summarise(
      this.droppedShortcodes,
      (name, count) => `shortcode [${name}] ×${count}: removed (any text it enclosed is kept)`,
    );
    summarise(
      this.droppedLinks,
      (label, count) => `${label} ×${count}: kept as text without the link`,
    );
    if (this.unlistedNotes > 0) {
      notes.push({
        kind: "warning",
        detail: `${this.unlistedNotes} more notes like the ones above are not listed`,
      });
    }
    return notes;
  }

  private limited(): ImportBlock[] {
    if (this.blocks.length <= BODY_LIMITS.blocks) return this.blocks;
    // Listed even when the notes are full: it is the one that says text was lost.
    this.notes.push({
      kind: "warning",
      detail: `the body is longer than ${BODY_LIMITS.blocks} blocks: cut after the ${BODY_LIMITS.blocks}th`,
    });
    return this.blocks.slice(0, BODY_LIMITS.blocks);
  }

  private findClosedShortcodes(root: ParentNode): void {
    const stack: ChildNode[] = [...root.childNodes];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.nodeName === "#text") {
        const value = (node as DefaultTreeAdapterTypes.TextNode).value;
        if (!value.includes("[/")) continue;
        for (const match of value.matchAll(SHORTCODE)) {
          if (match[1]) this.closedShortcodes.add(match[2]!.toLowerCase());
        }
      } else if (isElement(node)) pushAll(stack, node.childNodes);
    }
  }
}

/** The old site's address as a base for relative ones (with a final slash), or null. */
function siteBaseOf(siteUrl: string): URL | null {
  if (siteUrl.trim() === "") return null;
  try {
    const base = new URL(siteUrl.trim().endsWith("/") ? siteUrl.trim() : `${siteUrl.trim()}/`);
    return base.protocol === "http:" || base.protocol === "https:" ? base : null;
  } catch {
    return null;
  }
}

/**
 * The last character of `runs` that is not white space, or "". Cheap: `append` never lets white
 * space pile up at the end, so this looks at a few characters, not the whole text.
 */
function lastVisible(runs: readonly Run[]): string {
  for (let i = runs.length - 1; i >= 0; i--) {
    const text = runs[i]!.text;
    for (let j = text.length - 1; j >= 0; j--) {
      if (!/\s/.test(text[j]!)) return text[j]!;
    }
  }
  return "";
}

function withoutWww(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/**
 * An imported post's HTML as our blocks and the notes of what could not be kept as it was.
 * `siteUrl` is the old site's address: relative images and links resolve against it, and
 * links to it become same-site paths.
 */
export function htmlToBlocks(
  html: string,
  options: { siteUrl: string },
): { blocks: ImportBlock[]; notes: HtmlImportNote[] } {
  return new BodyConverter(options.siteUrl).convert(html);
}
