import type { BodyBlock, InlineRun } from "edge-api/contract/content";
import { isBodyLinkTarget, isSameOriginPath } from "shell/fragment-kit/paths";
import { siteImageOf } from "shell/fragment-kit/images";
import { absoluteUrl } from "./page-heads.ts";
import { xmlText } from "./xml-text.ts";

/**
 * An article's body as the HTML a feed reader shows (`content:encoded`): every word escaped,
 * marks as `<strong>`, `<em>` and `<a>`, links checked as the page checks them and made
 * absolute, images absolute. Built from the blocks, never from stored HTML (there is none).
 */
export function bodyHtml(origin: string, blocks: readonly BodyBlock[]): string {
  return blocks.map((block) => blockHtml(origin, block)).join("");
}

function blockHtml(origin: string, block: BodyBlock): string {
  switch (block.type) {
    case "paragraph":
      return `<p>${inlineHtml(origin, block.text, block.runs)}</p>`;
    case "heading":
      return `<h2>${xmlText(block.text)}</h2>`;
    case "quote": {
      const cite = block.attribution ? `<p>— ${xmlText(block.attribution)}</p>` : "";
      return `<blockquote><p>${inlineHtml(origin, block.text, block.runs)}</p>${cite}</blockquote>`;
    }
    case "pullquote":
      return `<blockquote><p>${xmlText(block.text)}</p></blockquote>`;
    case "list": {
      const tag = block.ordered ? "ol" : "ul";
      const runs = block.itemRuns?.length === block.items.length ? block.itemRuns : undefined;
      const items = block.items.map(
        (item, index) => `<li>${inlineHtml(origin, item, runs?.[index])}</li>`,
      );
      return `<${tag}>${items.join("")}</${tag}>`;
    }
    case "image": {
      const image = siteImageOf(block.image);
      if (!image) return "";
      const caption = [image.caption, image.credit].filter(Boolean).join(" ");
      return (
        `<figure><img src="${xmlText(absoluteUrl(origin, image.src))}" alt="${xmlText(image.alt)}"` +
        ` width="${image.width}" height="${image.height}">` +
        (caption ? `<figcaption>${xmlText(caption)}</figcaption>` : "") +
        "</figure>"
      );
    }
  }
}

function inlineHtml(origin: string, text: string, runs: readonly InlineRun[] | undefined): string {
  if (!runs || runs.length === 0) return xmlText(text);
  return runs
    .map((run) => {
      let html = xmlText(run.text);
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      if (run.href !== undefined && isBodyLinkTarget(run.href)) {
        const href = isSameOriginPath(run.href) ? absoluteUrl(origin, run.href) : run.href;
        html = `<a href="${xmlText(href)}">${html}</a>`;
      }
      return html;
    })
    .join("");
}
