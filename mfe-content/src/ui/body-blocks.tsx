import { Figure } from "./content-image.tsx";
import type { BodyBlockView } from "./content-views.ts";
import { InlineText } from "./inline-text.tsx";

/**
 * Article and page bodies are blocks of text with inline marks; React escapes every word of
 * them (no HTML is ever stored or rendered).
 */
export function BodyBlocks({ blocks }: { blocks: BodyBlockView[] }) {
  return (
    <div className="c-body">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "paragraph":
            return (
              <p key={index}>
                <InlineText text={block.text} runs={block.runs} />
              </p>
            );
          case "heading":
            return <h2 key={index}>{block.text}</h2>;
          case "quote":
            return (
              <figure key={index} className="c-quote">
                <blockquote>
                  <p>
                    <InlineText text={block.text} runs={block.runs} />
                  </p>
                </blockquote>
                {block.attribution ? <figcaption>{block.attribution}</figcaption> : null}
              </figure>
            );
          case "pullquote":
            // A pull quote repeats words from the article for emphasis; it is not a citation.
            return (
              <blockquote key={index} className="c-pullquote">
                <p>{block.text}</p>
              </blockquote>
            );
          case "list": {
            const items = block.items.map((item, i) => (
              <li key={i}>
                <InlineText text={item} runs={block.itemRuns?.[i] ?? null} />
              </li>
            ));
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
          case "image":
            return <Figure key={index} image={block.image} />;
        }
      })}
    </div>
  );
}
