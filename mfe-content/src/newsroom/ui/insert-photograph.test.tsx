import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { BodyBlockSchema } from "edge-api/contract/content";
import { aMediaItem } from "edge-api/fake/media";
import { photoView } from "../worker/story-editor-view.ts";
import { BlockPreview } from "./body-preview.tsx";
import { InsertPhotograph, photoBlock } from "./insert-photograph.tsx";

/**
 * The body editor's "Insert photograph" control (issue 16) and the block it inserts. The
 * control exists only in the browser (the body editor needs JavaScript), so its markup is
 * rendered here on its own.
 */

const big = photoView(
  aMediaItem({ id: "d".repeat(32), revision: 3, width: 2400, height: 1600, credit: "Ada Lens" }),
);
// 700 px wide: its full use offers 320, 480 and 640 only.
const small = photoView(
  aMediaItem({ id: "e".repeat(32), width: 700, height: 500, alt: "A gull", credit: "" }),
);

describe("photoBlock", () => {
  it("names the photograph's full use with its widths, src the largest JPEG up to 960", () => {
    const block = photoBlock(big);
    expect(BodyBlockSchema.parse(block)).toEqual(block);
    expect(block).toEqual({
      type: "image",
      image: {
        src: `/images/media/${"d".repeat(32)}/full-960.jpg?v=3`,
        alt: "Fishing boats moored in the harbour at dawn",
        caption: "The harbour at first light.",
        credit: "Ada Lens",
        width: 2400,
        height: 1600,
        media: {
          id: "d".repeat(32),
          revision: 3,
          use: "full",
          widths: [320, 480, 640, 960, 1280, 1600],
        },
      },
    });
  });

  it("points a photograph narrower than 960 at its own largest width", () => {
    const block = photoBlock(small);
    expect(block.type === "image" && block.image.src).toBe(
      `/images/media/${"e".repeat(32)}/full-640.jpg?v=1`,
    );
    expect(block.type === "image" && block.image.media?.widths).toEqual([320, 480, 640]);
    expect(block.type === "image" && [block.image.width, block.image.height]).toEqual([700, 500]);
  });
});

describe("InsertPhotograph", () => {
  it("is a labelled group: a labelled select of the photographs (no name, so never sent), its thumbnail, a hint and a plain button", () => {
    const html = renderToStaticMarkup(
      <InsertPhotograph photographs={[big, small]} onInsert={() => undefined} />,
    );
    expect(html).toMatch(
      /^<div class="c-nr-insert-photo" role="group" aria-labelledby="c-nr-insert-photo-title">/,
    );
    expect(html).toContain(
      '<p class="c-nr-label" id="c-nr-insert-photo-title">Insert a photograph</p>',
    );
    expect(html).toContain('<label for="c-nr-insert-photo-choice">Photograph</label>');
    const select = /<select[^>]*>/.exec(html)?.[0] ?? "";
    expect(select).toContain('id="c-nr-insert-photo-choice"');
    expect(select).toContain('aria-describedby="c-nr-insert-photo-hint"');
    expect(select).not.toContain("name=");
    expect(html).toContain('id="c-nr-insert-photo-hint"');
    expect(html).toContain(
      `<option value="${"d".repeat(32)}" selected="">Fishing boats moored in the harbour at dawn (Ada Lens)</option>`,
    );
    expect(html).toContain(`<option value="${"e".repeat(32)}">A gull</option>`);
    const thumb = /<img[^>]*>/.exec(html)?.[0] ?? "";
    expect(thumb).toContain(`src="/images/media/${"d".repeat(32)}/full-320.jpg?v=3"`);
    expect(thumb).toContain('alt=""');
    expect(html).toContain('<button type="button">Insert photograph</button>');
  });

  it("says so when the library is empty, with no select or button", () => {
    const html = renderToStaticMarkup(
      <InsertPhotograph photographs={[]} onInsert={() => undefined} />,
    );
    expect(html).toContain("The media library has no photographs yet.");
    expect(html).not.toContain("<select");
    expect(html).not.toContain("<button");
  });
});

describe("the body preview of a photograph block", () => {
  it("shows the photograph in its smallest JPEG with its alt text and size, and its caption and credit", () => {
    const html = renderToStaticMarkup(<BlockPreview block={photoBlock(big)} />);
    const img = /<img[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain(`src="/images/media/${"d".repeat(32)}/full-320.jpg?v=3"`);
    expect(img).toContain('alt="Fishing boats moored in the harbour at dawn"');
    expect(img).toContain('width="2400" height="1600"');
    expect(html).toContain("<figcaption>The harbour at first light. Ada Lens</figcaption>");
  });
});
