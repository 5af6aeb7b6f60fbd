import {
  mediaVariantPath,
  type BodyBlock,
  type ImageRef,
  type InlineRun,
} from "edge-api/contract/content";

/**
 * The body as read-only text: what the editor shows without JavaScript (the rich-text editor
 * needs it), and what the body editor shows for a block it keeps but cannot edit.
 */

function Runs({ runs }: { runs: readonly InlineRun[] }) {
  return (
    <>
      {runs.map((run, index) => {
        let node = <>{run.text}</>;
        if (run.bold) node = <strong>{node}</strong>;
        if (run.italic) node = <em>{node}</em>;
        if (run.href !== undefined) node = <u title={run.href}>{node}</u>;
        return <span key={index}>{node}</span>;
      })}
    </>
  );
}

/**
 * A photograph from the library in its smallest JPEG (enough for the preview's thumbnail); an
 * illustration as its words, as before.
 */
function ImagePreview({ image }: { image: ImageRef }) {
  const { media } = image;
  if (!media) {
    return (
      <p className="c-nr-kept-image">
        Image: {image.alt} ({image.credit})
      </p>
    );
  }
  const words = [image.caption, image.credit].filter((word) => word.trim() !== "").join(" ");
  return (
    <figure className="c-nr-kept-image">
      <img
        className="c-nr-thumb"
        src={mediaVariantPath(media, media.use, media.widths[0] ?? 320, "jpg")}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
      />
      {words ? <figcaption>{words}</figcaption> : null}
    </figure>
  );
}

export function BlockPreview({ block }: { block: BodyBlock }) {
  switch (block.type) {
    case "paragraph":
      return <p>{block.runs ? <Runs runs={block.runs} /> : block.text}</p>;
    case "heading":
      return <h2>{block.text}</h2>;
    case "quote":
      return (
        <blockquote>
          <p>{block.runs ? <Runs runs={block.runs} /> : block.text}</p>
          {block.attribution ? <p>— {block.attribution}</p> : null}
        </blockquote>
      );
    case "pullquote":
      return (
        <blockquote className="c-nr-pullquote">
          <p>Pull quote: {block.text}</p>
        </blockquote>
      );
    case "list": {
      const items = block.items.map((item, index) => (
        <li key={index}>
          {block.itemRuns?.[index] ? <Runs runs={block.itemRuns[index] ?? []} /> : item}
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "image":
      return <ImagePreview image={block.image} />;
  }
}

export function BodyPreview({ blocks }: { blocks: readonly BodyBlock[] }) {
  if (blocks.length === 0) return <p className="c-nr-hint">The body is empty.</p>;
  return (
    <div className="c-nr-body-preview">
      {blocks.map((block, index) => (
        <BlockPreview key={index} block={block} />
      ))}
    </div>
  );
}
