import { useCallback, useState } from "react";
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type EditorState,
  type ElementNode,
} from "lexical";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import {
  $createHeadingNode,
  $createQuoteNode,
  $isHeadingNode,
  $isQuoteNode,
  HeadingNode,
  QuoteNode,
} from "@lexical/rich-text";
import type { BodyBlock } from "edge-api/contract/content";
import { blocksToLexical, isAllowedLink, lexicalToBlocks } from "../body/lexical-blocks.ts";
import { browserWindow } from "./browser.ts";
import { InsertPhotograph } from "./insert-photograph.tsx";
import { $insertKeptBlock, KeptBlockNode } from "./kept-block-node.tsx";
import type { EditorPhotoView } from "./newsroom-views.ts";

/**
 * The story body's rich-text editor (browser only): Lexical with headings, quotes, lists and
 * links, history (undo), and a small toolbar. It starts from the stored blocks and reports
 * blocks on every change; Lexical's own state never leaves this component.
 */

const theme = {
  paragraph: "c-nr-editor__p",
  heading: { h2: "c-nr-editor__h2", h3: "c-nr-editor__h2" },
  quote: "c-nr-editor__quote",
  list: { ul: "c-nr-editor__ul", ol: "c-nr-editor__ol", listitem: "c-nr-editor__li" },
  link: "c-nr-editor__link",
  text: { bold: "c-nr-editor__bold", italic: "c-nr-editor__italic" },
};

type BlockKind = "paragraph" | "heading" | "quote";

function Toolbar({
  labelId,
  onLinkRefused,
}: {
  labelId: string;
  onLinkRefused: (href: string) => void;
}) {
  const [editor] = useLexicalComposerContext();

  const setBlock = useCallback(
    (kind: BlockKind) => {
      editor.update(() => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return;
        const seen = new Set<string>();
        for (const node of selection.getNodes()) {
          const top = node.getTopLevelElement();
          if (!top || seen.has(top.getKey()) || $isListNode(top)) continue;
          seen.add(top.getKey());
          const already =
            (kind === "heading" && $isHeadingNode(top)) || (kind === "quote" && $isQuoteNode(top));
          const next: ElementNode =
            already || kind === "paragraph"
              ? $createParagraphNode()
              : kind === "heading"
                ? $createHeadingNode("h2")
                : $createQuoteNode();
          top.replace(next, true);
        }
      });
    },
    [editor],
  );

  const toggleList = useCallback(
    (ordered: boolean) => {
      let inList = false;
      editor.getEditorState().read(() => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return;
        const top = selection.anchor.getNode().getTopLevelElement();
        inList = $isListNode(top) && (top.getListType() === "number") === ordered;
      });
      editor.dispatchCommand(
        inList
          ? REMOVE_LIST_COMMAND
          : ordered
            ? INSERT_ORDERED_LIST_COMMAND
            : INSERT_UNORDERED_LIST_COMMAND,
        undefined,
      );
    },
    [editor],
  );

  const link = useCallback(() => {
    let current: string | null = null;
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const node = selection.anchor.getNode();
      const parent = node.getParent();
      if ($isLinkNode(parent)) current = parent.getURL();
      else if ($isLinkNode(node)) current = node.getURL();
    });
    const answer = browserWindow().prompt(
      "Link address (https://…, mailto:… or a page of this site starting with /). Leave empty to remove the link.",
      current ?? "https://",
    );
    if (answer === null) return;
    const href = answer.trim();
    if (href === "") {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
      return;
    }
    if (!isAllowedLink(href)) {
      onLinkRefused(href);
      return;
    }
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, href);
  }, [editor, onLinkRefused]);

  return (
    <div className="c-nr-toolbar" role="toolbar" aria-labelledby={labelId}>
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold")}>
        Bold
      </button>
      <button type="button" onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic")}>
        Italic
      </button>
      <button type="button" onClick={link}>
        Link
      </button>
      <button type="button" onClick={() => setBlock("heading")}>
        Heading
      </button>
      <button type="button" onClick={() => setBlock("quote")}>
        Quote
      </button>
      <button type="button" onClick={() => toggleList(false)}>
        Bulleted list
      </button>
      <button type="button" onClick={() => toggleList(true)}>
        Numbered list
      </button>
      <button type="button" onClick={() => setBlock("paragraph")}>
        Plain paragraph
      </button>
    </div>
  );
}

/** "Insert photograph": the photograph's block goes in as a kept block at the cursor. */
function InsertPhotographPlugin({ photographs }: { photographs: readonly EditorPhotoView[] }) {
  const [editor] = useLexicalComposerContext();
  const insert = useCallback(
    (block: BodyBlock) => {
      editor.update(() => {
        $insertKeptBlock(block);
      });
    },
    [editor],
  );
  return <InsertPhotograph photographs={photographs} onInsert={insert} />;
}

export interface BodyEditorProps {
  initial: readonly BodyBlock[];
  /** The library's newest photographs, for "Insert photograph". */
  photographs: readonly EditorPhotoView[];
  labelId: string;
  describedBy?: string;
  onChange: (blocks: BodyBlock[]) => void;
}

export function BodyEditor({
  initial,
  photographs,
  labelId,
  describedBy,
  onChange,
}: BodyEditorProps) {
  const [refused, setRefused] = useState<string | null>(null);
  const [initialConfig] = useState(() => ({
    namespace: "story-body",
    theme,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, KeptBlockNode],
    editorState: JSON.stringify(blocksToLexical(initial)),
    onError(error: Error) {
      console.error("story body editor", error);
    },
  }));
  const changed = useCallback(
    (state: EditorState) => onChange(lexicalToBlocks(state.toJSON())),
    [onChange],
  );
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className="c-nr-editor">
        <Toolbar labelId={labelId} onLinkRefused={setRefused} />
        {refused !== null ? (
          <p className="c-nr-problem" role="alert">
            “{refused}” cannot be a link. Use an address that starts with https://, http://, mailto:
            or / (a page on this site).
          </p>
        ) : null}
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              className="c-nr-editor__content"
              aria-labelledby={labelId}
              aria-describedby={describedBy}
              aria-multiline
              role="textbox"
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={isAllowedLink} />
        <OnChangePlugin onChange={changed} ignoreSelectionChange />
        <InsertPhotographPlugin photographs={photographs} />
      </div>
    </LexicalComposer>
  );
}
