import type { BodyBlock, InlineRun } from "edge-api/contract/content";

/**
 * The story editor's body at its edge: Lexical's serialized editor state (what
 * `editor.getEditorState().toJSON()` gives and `editor.parseEditorState` takes) to and from the
 * stored body blocks with inline runs (bold, italic, link). Pure data, no Lexical runtime, so the
 * Worker and the tests use it as the browser does.
 *
 * - Paragraph, heading, quote and list (bulleted or numbered) map both ways; text marks other
 *   than bold and italic, and nodes the desk does not know, are dropped.
 * - Blocks the editor cannot edit (pull quotes, images, quotes with an attribution) travel as
 *   a `kept-block` node that carries the block unchanged: they can be moved or removed, never
 *   lost by editing the text around them.
 * - Text is the API's plain text: whitespace collapses to one space and line breaks become
 *   spaces, so a block's `text`/`items` always equal its runs joined.
 */

export const KEPT_BLOCK_TYPE = "kept-block";

/** Lexical's text format bits (lexical/LexicalConstants). */
const IS_BOLD = 1;
const IS_ITALIC = 2;

/** A serialized Lexical node, read as untrusted JSON. */
export interface LexicalNodeJson {
  type: string;
  children?: LexicalNodeJson[];
  [key: string]: unknown;
}

export interface LexicalStateJson {
  root: LexicalNodeJson;
}

// ---- Lexical -> blocks ---------------------------------------------------------------------

function childrenOf(node: LexicalNodeJson): LexicalNodeJson[] {
  return Array.isArray(node.children)
    ? node.children.filter(
        (child): child is LexicalNodeJson =>
          typeof child === "object" && child !== null && typeof child.type === "string",
      )
    : [];
}

function sameMarks(a: InlineRun, b: InlineRun): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.href === b.href;
}

function run(text: string, bold: boolean, italic: boolean, href: string | undefined): InlineRun {
  return {
    text,
    ...(bold ? { bold: true } : {}),
    ...(italic ? { italic: true } : {}),
    ...(href === undefined ? {} : { href }),
  };
}

function collectRuns(nodes: LexicalNodeJson[], href: string | undefined, into: InlineRun[]) {
  for (const node of nodes) {
    switch (node.type) {
      case "text": {
        const format = typeof node.format === "number" ? node.format : 0;
        const text = typeof node.text === "string" ? node.text : "";
        into.push(run(text, (format & IS_BOLD) !== 0, (format & IS_ITALIC) !== 0, href));
        break;
      }
      case "linebreak":
      case "tab":
        into.push(run(" ", false, false, href));
        break;
      case "link":
      case "autolink": {
        const url = typeof node.url === "string" ? node.url.trim() : "";
        collectRuns(childrenOf(node), url === "" ? href : url, into);
        break;
      }
      default:
        // An inline node the desk does not know (a mention, an equation…): dropped.
        break;
    }
  }
}

/**
 * Plain-text runs: whitespace collapsed across runs, none at either end, no empty run, and
 * neighbours with the same marks merged. A run of spaces keeps no marks worth keeping.
 */
export function normaliseRuns(runs: readonly InlineRun[]): InlineRun[] {
  const out: InlineRun[] = [];
  let endsWithSpace = true; // nothing written yet: a leading space is dropped
  for (const original of runs) {
    let text = original.text.replace(/\s+/g, " ");
    if (endsWithSpace) text = text.replace(/^ /, "");
    if (text === "") continue;
    endsWithSpace = text.endsWith(" ");
    const next = { ...original, text };
    const last = out.at(-1);
    if (last && sameMarks(last, next)) last.text += text;
    else out.push(next);
  }
  const last = out.at(-1);
  if (last) {
    last.text = last.text.replace(/ $/, "");
    if (last.text === "") out.pop();
  }
  return out;
}

function runsOf(node: LexicalNodeJson): InlineRun[] {
  const runs: InlineRun[] = [];
  collectRuns(childrenOf(node), undefined, runs);
  return normaliseRuns(runs);
}

const joined = (runs: readonly InlineRun[]): string => runs.map((r) => r.text).join("");
const hasMarks = (runs: readonly InlineRun[]): boolean =>
  runs.some((r) => r.bold || r.italic || r.href !== undefined);

function listItemsOf(list: LexicalNodeJson, into: InlineRun[][]): void {
  for (const item of childrenOf(list)) {
    if (item.type !== "listitem") continue;
    const runs = runsOf(item);
    if (runs.length > 0) into.push(runs);
    // A nested list is flattened into the list that holds it: the body has one level.
    for (const child of childrenOf(item)) if (child.type === "list") listItemsOf(child, into);
  }
}

const blockTypes = new Set(["paragraph", "heading", "quote", "pullquote", "list", "image"]);

function keptBlockOf(node: LexicalNodeJson): BodyBlock | null {
  const block = node.block;
  if (typeof block !== "object" || block === null) return null;
  const type = (block as { type?: unknown }).type;
  return typeof type === "string" && blockTypes.has(type) ? (block as BodyBlock) : null;
}

/** The body blocks of an editor state; anything the body cannot hold is dropped. */
export function lexicalToBlocks(state: unknown): BodyBlock[] {
  const root = (state as { root?: unknown } | null)?.root;
  if (typeof root !== "object" || root === null) return [];
  const blocks: BodyBlock[] = [];
  for (const node of childrenOf(root as LexicalNodeJson)) {
    switch (node.type) {
      case "paragraph":
      case "quote": {
        const runs = runsOf(node);
        if (runs.length === 0) break;
        blocks.push({ type: node.type, text: joined(runs), ...(hasMarks(runs) ? { runs } : {}) });
        break;
      }
      case "heading": {
        const text = joined(runsOf(node));
        if (text !== "") blocks.push({ type: "heading", text });
        break;
      }
      case "list": {
        const itemRuns: InlineRun[][] = [];
        listItemsOf(node, itemRuns);
        if (itemRuns.length === 0) break;
        blocks.push({
          type: "list",
          ...(node.listType === "number" ? { ordered: true } : {}),
          items: itemRuns.map(joined),
          ...(itemRuns.some(hasMarks) ? { itemRuns } : {}),
        });
        break;
      }
      case KEPT_BLOCK_TYPE: {
        const block = keptBlockOf(node);
        if (block) blocks.push(block);
        break;
      }
      default:
        // A block node the desk does not know (code, table, horizontal rule…): dropped.
        break;
    }
  }
  return blocks;
}

// ---- blocks -> Lexical ---------------------------------------------------------------------

function element(type: string, children: LexicalNodeJson[], extra: object = {}): LexicalNodeJson {
  return { type, version: 1, direction: null, format: "", indent: 0, ...extra, children };
}

function textNode(runItem: InlineRun): LexicalNodeJson {
  const format = (runItem.bold ? IS_BOLD : 0) | (runItem.italic ? IS_ITALIC : 0);
  return {
    type: "text",
    version: 1,
    text: runItem.text,
    format,
    detail: 0,
    mode: "normal",
    style: "",
  };
}

function inlineNodes(runs: readonly InlineRun[]): LexicalNodeJson[] {
  const nodes: LexicalNodeJson[] = [];
  let link: LexicalNodeJson | null = null;
  for (const item of runs) {
    if (item.text === "") continue;
    if (item.href === undefined) {
      link = null;
      nodes.push(textNode(item));
      continue;
    }
    if (!link || link.url !== item.href) {
      link = element("link", [], { url: item.href, rel: null, target: null, title: null });
      nodes.push(link);
    }
    link.children?.push(textNode(item));
  }
  return nodes;
}

const plain = (text: string): InlineRun[] => [{ text }];

function blockToNode(block: BodyBlock): LexicalNodeJson {
  switch (block.type) {
    case "paragraph":
      return element("paragraph", inlineNodes(block.runs ?? plain(block.text)), {
        textFormat: 0,
        textStyle: "",
      });
    case "heading":
      return element("heading", inlineNodes(plain(block.text)), { tag: "h2" });
    case "quote":
      if (block.attribution) return { type: KEPT_BLOCK_TYPE, version: 1, block };
      return element("quote", inlineNodes(block.runs ?? plain(block.text)));
    case "list": {
      const ordered = block.ordered === true;
      const items = block.items.map((text, index) =>
        element("listitem", inlineNodes(block.itemRuns?.[index] ?? plain(text)), {
          value: index + 1,
        }),
      );
      return element("list", items, {
        listType: ordered ? "number" : "bullet",
        start: 1,
        tag: ordered ? "ol" : "ul",
      });
    }
    case "pullquote":
    case "image":
      return { type: KEPT_BLOCK_TYPE, version: 1, block };
  }
}

/** The editor state of a body; an empty body is one empty paragraph, ready to type in. */
export function blocksToLexical(blocks: readonly BodyBlock[]): LexicalStateJson {
  const children = blocks.map(blockToNode);
  if (children.length === 0) children.push(element("paragraph", [], { textFormat: 0 }));
  return { root: element("root", children) };
}

// ---- Links and plain text ------------------------------------------------------------------

/**
 * The link targets the API accepts: http, https, mailto, or a path on this site (`/…`, never
 * `//…` or `/\…`). Anything else (`javascript:`, `data:`, a bare word) is refused.
 */
export function isAllowedLink(href: string): boolean {
  const target = href.trim();
  // eslint-disable-next-line no-control-regex
  if (target === "" || target.length > 2048 || /[\s\u0000-\u001f]/.test(target)) return false;
  if (target.startsWith("/")) return !target.startsWith("//") && !target.startsWith("/\\");
  return /^(https?:\/\/[^/\\]|mailto:.)/i.test(target);
}

/** The body as lines of text, for a text diff: one block a line, lists one item a line. */
export function blocksToText(blocks: readonly BodyBlock[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "paragraph":
        lines.push(block.text);
        break;
      case "heading":
        lines.push(`## ${block.text}`);
        break;
      case "quote":
        lines.push(`> ${block.text}${block.attribution ? ` (${block.attribution})` : ""}`);
        break;
      case "pullquote":
        lines.push(`>> ${block.text}`);
        break;
      case "list":
        block.items.forEach((item, index) =>
          lines.push(block.ordered ? `${index + 1}. ${item}` : `- ${item}`),
        );
        break;
      case "image":
        lines.push(`[Image: ${block.image.alt}]`);
        break;
    }
  }
  return lines.map((line) => `${line}\n`).join("");
}
