import type { ReactNode } from "react";
import {
  $getRoot,
  $getPreviousSelection,
  $getSelection,
  DecoratorNode,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
} from "lexical";
import { $insertNodeToNearestRoot } from "@lexical/utils";
import type { BodyBlock } from "edge-api/contract/content";
import { KEPT_BLOCK_TYPE } from "../body/lexical-blocks.ts";
import { BlockPreview } from "./body-preview.tsx";
import { browserDocument } from "./browser.ts";

/**
 * A body block the rich-text editor keeps but does not edit (a pull quote, an image, a quote
 * with its attribution): shown read-only, moved and removed as one piece, written back
 * unchanged (lexical-blocks.ts reads it as `kept-block`).
 */

type SerializedKeptBlock = SerializedLexicalNode & { block: BodyBlock };

export class KeptBlockNode extends DecoratorNode<ReactNode> {
  __block: BodyBlock;

  static override getType(): string {
    return KEPT_BLOCK_TYPE;
  }

  static override clone(node: KeptBlockNode): KeptBlockNode {
    return new KeptBlockNode(node.__block, node.__key);
  }

  static override importJSON(json: SerializedKeptBlock): KeptBlockNode {
    return new KeptBlockNode(json.block);
  }

  constructor(block: BodyBlock, key?: NodeKey) {
    super(key);
    this.__block = block;
  }

  override exportJSON(): SerializedKeptBlock {
    return { type: KEPT_BLOCK_TYPE, version: 1, block: this.__block };
  }

  override createDOM(): HTMLElement {
    const element = browserDocument().createElement("div");
    element.className = "c-nr-kept";
    element.contentEditable = "false";
    return element as unknown as HTMLElement;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }

  override decorate(): ReactNode {
    return (
      <div className="c-nr-kept__inner">
        <p className="c-nr-hint">Kept as it is (not editable here):</p>
        <BlockPreview block={this.__block} />
      </div>
    );
  }
}

export function $isKeptBlockNode(node: LexicalNode | null | undefined): node is KeptBlockNode {
  return node instanceof KeptBlockNode;
}

/**
 * Puts a block in the body as a kept block (inside `editor.update`): at the cursor, splitting
 * the paragraph it is in, after a selected kept block, or at the end when the editor has had
 * no selection. The selection before the last update counts: pressing a button outside the
 * editor may have taken it away.
 */
export function $insertKeptBlock(block: BodyBlock): KeptBlockNode {
  const node = new KeptBlockNode(block);
  if ($getSelection() ?? $getPreviousSelection()) return $insertNodeToNearestRoot(node);
  $getRoot().append(node);
  return node;
}
