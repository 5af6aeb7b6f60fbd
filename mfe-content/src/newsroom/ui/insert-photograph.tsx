import { useState } from "react";
import { mediaVariantPath, type BodyBlock } from "edge-api/contract/content";
import { eventField } from "./browser.ts";
import { MediaImage } from "./media-image.tsx";
import type { EditorPhotoView } from "./newsroom-views.ts";

/**
 * The body editor's "Insert photograph" control (issue 16; browser only, like the editor): one
 * of the library's newest photographs, chosen in a labelled select with its thumbnail, goes
 * into the body as an image block. The block names the photograph (`media`); the API fills in
 * and checks the rest when it saves, and refreshes it when it serves.
 */

/** The widest JPEG a body image's `src` points at: the article column is narrower. */
const BODY_SRC_MAX_WIDTH = 960;

/** The image block of a photograph: its full use, with the library's alt, caption and credit. */
export function photoBlock(photo: EditorPhotoView): BodyBlock {
  const { widths, width, height } = photo.full;
  const fitting = widths.filter((w) => w <= BODY_SRC_MAX_WIDTH);
  const srcWidth = fitting.at(-1) ?? widths[0] ?? BODY_SRC_MAX_WIDTH;
  const media = { id: photo.id, revision: photo.revision };
  return {
    type: "image",
    image: {
      src: mediaVariantPath(media, "full", srcWidth, "jpg"),
      alt: photo.alt,
      caption: photo.caption,
      credit: photo.credit,
      width,
      height,
      media: { ...media, use: "full", widths: [...widths] },
    },
  };
}

const ID = "c-nr-insert-photo";

export function optionLabel(photo: Pick<EditorPhotoView, "alt" | "credit">): string {
  const name = photo.alt.trim() || "A photograph without alt text";
  return photo.credit.trim() ? `${name} (${photo.credit.trim()})` : name;
}

export function InsertPhotograph({
  photographs,
  onInsert,
}: {
  photographs: readonly EditorPhotoView[];
  onInsert: (block: BodyBlock) => void;
}) {
  const [chosen, setChosen] = useState(photographs[0]?.id ?? "");
  const photo = photographs.find((p) => p.id === chosen);
  return (
    <div className="c-nr-insert-photo" role="group" aria-labelledby={`${ID}-title`}>
      <p className="c-nr-label" id={`${ID}-title`}>
        Insert a photograph
      </p>
      {photographs.length === 0 ? (
        <p className="c-nr-hint">The media library has no photographs yet.</p>
      ) : (
        <>
          <label htmlFor={`${ID}-choice`}>Photograph</label>
          {/* No name: the choice is not part of the story, and changing it is no edit. */}
          <select
            id={`${ID}-choice`}
            value={chosen}
            aria-describedby={`${ID}-hint`}
            onChange={(event) => {
              event.stopPropagation();
              setChosen(eventField(event.target)?.value ?? "");
            }}
          >
            {photographs.map((p) => (
              <option key={p.id} value={p.id}>
                {optionLabel(p)}
              </option>
            ))}
          </select>
          {photo ? <MediaImage className="c-nr-thumb" image={photo.thumb} alt="" /> : null}
          <p className="c-nr-hint" id={`${ID}-hint`}>
            The newest photographs of the library. It goes in where the cursor is in the body (at
            the end if the body has no cursor), with the library’s alt text, caption and credit.
          </p>
          <button
            type="button"
            disabled={!photo}
            onClick={() => photo && onInsert(photoBlock(photo))}
          >
            Insert photograph
          </button>
        </>
      )}
    </div>
  );
}
