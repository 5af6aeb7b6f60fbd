import { describe, expect, it } from "vitest";
import {
  $createNodeSelection,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $setSelection,
  createEditor,
  type LexicalEditor,
} from "lexical";
import { $createLinkNode, LinkNode } from "@lexical/link";
import { $createListItemNode, $createListNode, ListItemNode, ListNode } from "@lexical/list";
import { $createHeadingNode, HeadingNode, QuoteNode } from "@lexical/rich-text";
import type { BodyBlock } from "edge-api/contract/content";
import { blocksToLexical, lexicalToBlocks } from "../body/lexical-blocks.ts";
import { $insertKeptBlock, KeptBlockNode } from "./kept-block-node.tsx";

/**
 * The converter against Lexical itself (headless, as the editor's state is read and written in
 * the browser): what `blocksToLexical` writes, Lexical accepts, and what Lexical exports reads
 * back as the same blocks.
 */

function editor(): LexicalEditor {
  return createEditor({
    namespace: "test",
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, KeptBlockNode],
    onError(error) {
      throw error;
    },
  });
}

const blocks: BodyBlock[] = [
  {
    type: "paragraph",
    text: "Read the report now.",
    runs: [
      { text: "Read the " },
      { text: "report", href: "/pages/report", italic: true },
      { text: " now", bold: true },
      { text: "." },
    ],
  },
  { type: "heading", text: "Background" },
  {
    type: "quote",
    text: "It will open.",
    runs: [{ text: "It will " }, { text: "open", bold: true }, { text: "." }],
  },
  { type: "list", ordered: true, items: ["One", "Two"] },
  { type: "pullquote", text: "A line worth repeating" },
  {
    type: "image",
    image: {
      src: "/images/3.svg",
      alt: "A ferry",
      caption: "",
      credit: "Staff",
      width: 4,
      height: 3,
    },
  },
];

/** A library photograph in the body (issue 16): the block names it in `media`. */
const photograph: BodyBlock = {
  type: "image",
  image: {
    src: `/images/media/${"c".repeat(32)}/full-960.jpg?v=4`,
    alt: "Lifeboat crew on the slipway",
    caption: "The crew back from the rescue.",
    credit: "Photograph: Ada Lens",
    width: 1600,
    height: 1067,
    media: {
      id: "c".repeat(32),
      revision: 4,
      use: "full",
      widths: [320, 480, 640, 960, 1280, 1600],
    },
  },
};

describe("the converter with Lexical's own state", () => {
  it("is accepted by Lexical and exported back as the same blocks", () => {
    const instance = editor();
    const state = instance.parseEditorState(JSON.stringify(blocksToLexical(blocks)));
    expect(lexicalToBlocks(state.toJSON())).toEqual(blocks);
  });

  it("reads what a person builds in the editor: headings, links and lists", () => {
    const instance = editor();
    instance.update(
      () => {
        const root = $getRoot();
        root.clear();
        const heading = $createHeadingNode("h2").append($createTextNode("Plans"));
        const bold = $createTextNode("bold");
        bold.toggleFormat("bold");
        const paragraph = $createParagraphNode().append(
          $createTextNode("See "),
          $createLinkNode("https://example.com/plans").append($createTextNode("the plans")),
          $createTextNode(" in "),
          bold,
        );
        const list = $createListNode("bullet").append(
          $createListItemNode().append($createTextNode("First")),
          $createListItemNode().append($createTextNode("Second")),
        );
        root.append(heading, paragraph, list);
      },
      { discrete: true },
    );
    expect(lexicalToBlocks(instance.getEditorState().toJSON())).toEqual([
      { type: "heading", text: "Plans" },
      {
        type: "paragraph",
        text: "See the plans in bold",
        runs: [
          { text: "See " },
          { text: "the plans", href: "https://example.com/plans" },
          { text: " in " },
          { text: "bold", bold: true },
        ],
      },
      { type: "list", items: ["First", "Second"] },
    ]);
  });

  it("keeps a photograph block whole (its id, revision, use and widths) through Lexical", () => {
    const instance = editor();
    const body = [blocks[0] as BodyBlock, photograph, blocks[1] as BodyBlock];
    const state = instance.parseEditorState(JSON.stringify(blocksToLexical(body)));
    const back = lexicalToBlocks(JSON.parse(JSON.stringify(state.toJSON())));
    expect(back).toEqual(body);
    expect(back[1]).toMatchObject({
      image: { media: photograph.type === "image" && photograph.image.media },
    });
  });

  it("inserts a photograph at the cursor, splitting its paragraph, after a selected kept block, or at the end without a selection", () => {
    const instance = editor();
    instance.update(
      () => {
        const root = $getRoot();
        root.clear();
        const text = $createTextNode("Before after");
        root.append(
          $createParagraphNode().append(text),
          $createParagraphNode().append($createTextNode("Last")),
        );
        text.select(7, 7);
        $insertKeptBlock(photograph);
      },
      { discrete: true },
    );
    expect(lexicalToBlocks(instance.getEditorState().toJSON())).toEqual([
      { type: "paragraph", text: "Before" },
      photograph,
      { type: "paragraph", text: "after" },
      { type: "paragraph", text: "Last" },
    ]);

    const unselected = editor();
    unselected.update(
      () => {
        const root = $getRoot();
        root.clear();
        root.append($createParagraphNode().append($createTextNode("Only")));
        $insertKeptBlock(photograph);
      },
      { discrete: true },
    );
    expect(lexicalToBlocks(unselected.getEditorState().toJSON())).toEqual([
      { type: "paragraph", text: "Only" },
      photograph,
    ]);

    const afterKept = editor();
    afterKept.update(
      () => {
        const root = $getRoot();
        root.clear();
        const kept = new KeptBlockNode(blocks[4] as BodyBlock);
        root.append(kept, $createParagraphNode().append($createTextNode("Then")));
        const selection = $createNodeSelection();
        selection.add(kept.getKey());
        $setSelection(selection);
        $insertKeptBlock(photograph);
      },
      { discrete: true },
    );
    expect(lexicalToBlocks(afterKept.getEditorState().toJSON())).toEqual([
      blocks[4],
      photograph,
      { type: "paragraph", text: "Then" },
    ]);
  });
});
