/**
 * Issue 18 (decision 0024): a Ghost post whose export has no `html`, only its editor's own JSON
 * (Lexical in Ghost 5+, Mobiledoc in Ghost 1 to 4), rebuilt as plain HTML for `htmlToBlocks`.
 * Ghost's own renderers (`@tryghost/kg-*`) need jsdom, which does not run in workerd, so the
 * documented, stable core of both formats is walked here: paragraphs, headings, lists, quotes,
 * text with bold/italic/code marks, links, line breaks, rules, and the cards whose content is
 * plain (image, gallery, HTML, Markdown text, code, embed, bookmark, button, callout, toggle,
 * audio, video, file). Every other node or card is left out and named in `dropped`, so the
 * report can list it by post. Text and addresses are escaped; the HTML a card carries (an HTML
 * card, a caption) is passed on as Ghost would render it, and `htmlToBlocks` cleans it as it
 * cleans any imported body.
 */

export interface GhostBody {
  html: string;
  /** What was left out, by kind: `card "signup"`, `node "table"`… with how many. */
  dropped: Map<string, number>;
  /** Markdown cards kept as plain paragraphs (their formatting is not rendered). */
  markdownCards: number;
}

/** Deeper nesting than a real post has: what is below it is left out (and counted). */
const MAX_DEPTH = 64;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

class BodyWriter {
  readonly parts: string[] = [];
  readonly dropped = new Map<string, number>();
  markdownCards = 0;

  drop(what: string): void {
    this.dropped.set(what, (this.dropped.get(what) ?? 0) + 1);
  }

  result(): GhostBody {
    return { html: this.parts.join(""), dropped: this.dropped, markdownCards: this.markdownCards };
  }

  link(url: string, words: string): void {
    if (url === "") return;
    this.parts.push(`<p><a href="${escapeHtml(url)}">${escapeHtml(words || url)}</a></p>`);
  }

  image(src: string, alt: string, captionHtml: string): void {
    if (src === "") return;
    const caption = captionHtml === "" ? "" : `<figcaption>${captionHtml}</figcaption>`;
    this.parts.push(
      `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">${caption}</figure>`,
    );
  }

  /**
   * A card, by its name in either format (Lexical's `codeblock` is Mobiledoc's `code`, and so
   * on), from its payload.
   */
  card(name: string, payload: Json): boolean {
    switch (name) {
      case "image":
        this.image(stringOf(payload.src), stringOf(payload.alt), stringOf(payload.caption));
        return true;
      case "gallery": {
        const images = Array.isArray(payload.images) ? payload.images : [];
        for (const image of images) {
          if (isObject(image)) {
            this.image(stringOf(image.src), stringOf(image.alt), stringOf(image.caption));
          }
        }
        const caption = stringOf(payload.caption);
        if (caption !== "") this.parts.push(`<p>${caption}</p>`);
        return true;
      }
      case "html":
        this.parts.push(`<div>${stringOf(payload.html)}</div>`);
        return true;
      case "markdown":
      case "card-markdown": {
        // No Markdown renderer here: its text is kept, one paragraph a blank-line block.
        this.markdownCards += 1;
        for (const block of stringOf(payload.markdown).split(/\n\s*\n/)) {
          if (block.trim() !== "") this.parts.push(`<p>${escapeHtml(block.trim())}</p>`);
        }
        return true;
      }
      case "code":
      case "codeblock":
        this.parts.push(`<pre><code>${escapeHtml(stringOf(payload.code))}</code></pre>`);
        return true;
      case "hr":
      case "horizontalrule":
        this.parts.push("<hr>");
        return true;
      case "embed": {
        // Ghost's own HTML for an embed (an iframe) becomes a link in htmlToBlocks.
        const html = stringOf(payload.html);
        if (html !== "") this.parts.push(`<figure>${html}</figure>`);
        else this.link(stringOf(payload.url), "");
        return true;
      }
      case "bookmark": {
        const metadata = isObject(payload.metadata) ? payload.metadata : {};
        this.link(stringOf(payload.url), stringOf(metadata.title));
        return true;
      }
      case "button":
        this.link(stringOf(payload.buttonUrl), stringOf(payload.buttonText));
        return true;
      case "callout":
        this.parts.push(`<div>${stringOf(payload.calloutText)}</div>`);
        return true;
      case "toggle":
        this.parts.push(
          `<p><strong>${stringOf(payload.heading)}</strong></p><div>${stringOf(payload.content)}</div>`,
        );
        return true;
      case "audio":
      case "video":
        this.link(stringOf(payload.src), stringOf(payload.title) || stringOf(payload.fileName));
        return true;
      case "file":
        this.link(stringOf(payload.src), stringOf(payload.fileTitle) || stringOf(payload.fileName));
        return true;
      case "paywall":
        // Ghost's line between the free and the members' part: nothing to show.
        return true;
      default:
        return false;
    }
  }
}

// Lexical's text format bits (lexical's TextNode): the marks `htmlToBlocks` reads or ignores.
const TEXT_FORMATS: [bit: number, tag: string][] = [
  [1, "strong"],
  [2, "em"],
  [4, "s"],
  [8, "u"],
  [16, "code"],
  [32, "sub"],
  [64, "sup"],
];

const LEXICAL_BLOCK_TAGS: Record<string, string> = {
  paragraph: "p",
  quote: "blockquote",
  "extended-quote": "blockquote",
  aside: "blockquote",
};
const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

function lexicalChildren(node: Json): Json[] {
  return Array.isArray(node.children) ? node.children.filter(isObject) : [];
}

function lexicalInline(node: Json, writer: BodyWriter, depth: number): string {
  if (depth > MAX_DEPTH) {
    writer.drop("content nested too deep");
    return "";
  }
  const type = stringOf(node.type);
  switch (type) {
    case "text":
    case "extended-text": {
      let html = escapeHtml(stringOf(node.text));
      const format = typeof node.format === "number" ? node.format : 0;
      for (const [bit, tag] of TEXT_FORMATS) {
        if ((format & bit) !== 0) html = `<${tag}>${html}</${tag}>`;
      }
      return html;
    }
    case "linebreak":
      return "<br>";
    case "tab":
      return " ";
    case "link":
    case "autolink": {
      const inner = lexicalChildren(node)
        .map((child) => lexicalInline(child, writer, depth + 1))
        .join("");
      return `<a href="${escapeHtml(stringOf(node.url))}">${inner}</a>`;
    }
    default:
      // An inline node we do not know: its text children are still text.
      if (Array.isArray(node.children)) {
        return lexicalChildren(node)
          .map((child) => lexicalInline(child, writer, depth + 1))
          .join("");
      }
      writer.drop(`node "${type}"`);
      return "";
  }
}

function lexicalList(node: Json, writer: BodyWriter, depth: number): string {
  const tag = node.listType === "number" || node.tag === "ol" ? "ol" : "ul";
  const items = lexicalChildren(node).map((item) => {
    const inner = lexicalChildren(item)
      .map((child) =>
        child.type === "list"
          ? lexicalList(child, writer, depth + 1)
          : lexicalInline(child, writer, depth + 1),
      )
      .join("");
    return `<li>${inner}</li>`;
  });
  return `<${tag}>${items.join("")}</${tag}>`;
}

function lexicalBlock(node: Json, writer: BodyWriter, depth: number): void {
  if (depth > MAX_DEPTH) {
    writer.drop("content nested too deep");
    return;
  }
  const type = stringOf(node.type);
  const inline = () =>
    lexicalChildren(node)
      .map((child) => lexicalInline(child, writer, depth + 1))
      .join("");
  const blockTag = LEXICAL_BLOCK_TAGS[type];
  if (blockTag !== undefined) {
    writer.parts.push(`<${blockTag}>${inline()}</${blockTag}>`);
  } else if (type === "heading" || type === "extended-heading") {
    const tag = HEADING_TAGS.has(stringOf(node.tag)) ? stringOf(node.tag) : "h2";
    writer.parts.push(`<${tag}>${inline()}</${tag}>`);
  } else if (type === "list") {
    writer.parts.push(lexicalList(node, writer, depth));
  } else if (!writer.card(type, node)) {
    // A node we do not know: its text is kept as a paragraph when it has any.
    if (Array.isArray(node.children)) writer.parts.push(`<p>${inline()}</p>`);
    else writer.drop(`card "${type}"`);
  }
}

/**
 * A post's `lexical` (Lexical's serialized editor state: `{ root: { children } }`) as HTML, or
 * null when the text is not that JSON.
 */
export function lexicalToHtml(lexical: string): GhostBody | null {
  let state: unknown;
  try {
    state = JSON.parse(lexical);
  } catch {
    return null;
  }
  if (!isObject(state) || !isObject(state.root)) return null;
  const writer = new BodyWriter();
  for (const node of lexicalChildren(state.root)) lexicalBlock(node, writer, 1);
  return writer.result();
}

// Mobiledoc 0.3 (the format's published spec): section and marker type numbers.
const MARKUP_SECTION = 1;
const IMAGE_SECTION = 2;
const LIST_SECTION = 3;
const CARD_SECTION = 10;
const ATOM_MARKER = 1;

/** Markup tags we write as they are; any other markup keeps its text without a tag. */
const MOBILEDOC_MARKUPS = new Set(["a", "b", "strong", "i", "em", "s", "u", "code", "sub", "sup"]);
const MOBILEDOC_SECTION_TAGS: Record<string, string> = {
  p: "p",
  h1: "h1",
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h5",
  h6: "h6",
  blockquote: "blockquote",
  aside: "blockquote",
  "pull-quote": "blockquote",
};

interface Mobiledoc {
  markups: unknown[];
  atoms: unknown[];
  cards: unknown[];
  sections: unknown[];
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A markup's opening and closing tags (`["a", ["href", "…"]]` → `<a href="…">`, `</a>`). */
function markupTags(markup: unknown): [string, string] {
  const [tagValue, attributes] = arrayOf(markup);
  const tag = stringOf(tagValue).toLowerCase();
  if (!MOBILEDOC_MARKUPS.has(tag)) return ["", ""];
  if (tag !== "a") return [`<${tag}>`, `</${tag}>`];
  const pairs = arrayOf(attributes);
  const hrefAt = pairs.findIndex((value, index) => index % 2 === 0 && value === "href");
  const href = hrefAt >= 0 ? stringOf(pairs[hrefAt + 1]) : "";
  return [`<a href="${escapeHtml(href)}">`, "</a>"];
}

function mobiledocMarkers(markers: unknown, doc: Mobiledoc, writer: BodyWriter): string {
  const out: string[] = [];
  const open: string[] = [];
  for (const marker of arrayOf(markers)) {
    const [type, opens, closeCount, value] = arrayOf(marker);
    for (const index of arrayOf(opens)) {
      const [start, end] = markupTags(typeof index === "number" ? doc.markups[index] : null);
      out.push(start);
      open.push(end);
    }
    if (type === ATOM_MARKER) {
      const atom = arrayOf(typeof value === "number" ? doc.atoms[value] : null);
      const name = stringOf(atom[0]);
      if (name === "soft-return") out.push("<br>");
      else if (typeof atom[1] === "string") out.push(escapeHtml(atom[1]));
      else writer.drop(`atom "${name}"`);
    } else {
      out.push(escapeHtml(stringOf(value)));
    }
    const closes = typeof closeCount === "number" ? Math.min(closeCount, open.length) : 0;
    for (let i = 0; i < closes; i++) out.push(open.pop() ?? "");
  }
  while (open.length > 0) out.push(open.pop() ?? "");
  return out.join("");
}

/**
 * A post's `mobiledoc` (Mobiledoc 0.3: `{ markups, atoms, cards, sections }`) as HTML, or null
 * when the text is not that JSON.
 */
export function mobiledocToHtml(mobiledoc: string): GhostBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(mobiledoc);
  } catch {
    return null;
  }
  if (!isObject(parsed) || !Array.isArray(parsed.sections)) return null;
  const doc: Mobiledoc = {
    markups: arrayOf(parsed.markups),
    atoms: arrayOf(parsed.atoms),
    cards: arrayOf(parsed.cards),
    sections: parsed.sections,
  };
  const writer = new BodyWriter();
  for (const section of doc.sections) {
    const [type, first, second] = arrayOf(section);
    if (type === MARKUP_SECTION) {
      const tag = MOBILEDOC_SECTION_TAGS[stringOf(first).toLowerCase()] ?? "p";
      writer.parts.push(`<${tag}>${mobiledocMarkers(second, doc, writer)}</${tag}>`);
    } else if (type === LIST_SECTION) {
      const tag = stringOf(first).toLowerCase() === "ol" ? "ol" : "ul";
      const items = arrayOf(second).map(
        (item) => `<li>${mobiledocMarkers(item, doc, writer)}</li>`,
      );
      writer.parts.push(`<${tag}>${items.join("")}</${tag}>`);
    } else if (type === IMAGE_SECTION) {
      writer.image(stringOf(first), "", "");
    } else if (type === CARD_SECTION) {
      const [name, payload] = arrayOf(typeof first === "number" ? doc.cards[first] : null);
      const cardName = stringOf(name);
      if (!writer.card(cardName, isObject(payload) ? payload : {}))
        writer.drop(`card "${cardName}"`);
    } else {
      writer.drop(`section type ${String(type)}`);
    }
  }
  return writer.result();
}
