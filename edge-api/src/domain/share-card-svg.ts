import { OG_HEIGHT, OG_WIDTH } from "../contract/media-variants.ts";
import { escapeXml } from "./image-svg.ts";

/**
 * The generated share card (issue 16, decision 0022): a 1200x630 SVG in the site's colours with
 * the masthead, a kicker and the headline, for `og:image` when a page has no photograph. resvg
 * rasterises it with one bundled font (Liberation Serif Bold), so every size here is in pixels
 * of that font, and the headline is wrapped here: SVG text never wraps by itself.
 */

/** The shell's light scheme (shell/src/ui/shell.css: --s-paper, --s-ink, --s-accent, --s-rule). */
export const CARD_COLOURS = {
  paper: "#fdfcf8",
  ink: "#121212",
  accent: "#8a1c1c",
  rule: "#d9d6cc",
  muted: "#5a5a5a",
} as const;

/** The family name inside the bundled font file (src/worker/fonts/LiberationSerif-Bold.ttf). */
export const CARD_FONT_FAMILY = "Liberation Serif";

/** Left and right margin: the headline never comes closer to the card's edge. */
export const CARD_MARGIN = 80;
export const HEADLINE_MAX_LINES = 4;
const HEADLINE_SIZE = 68;
const HEADLINE_LEADING = 80;
const HEADLINE_TOP = 290;
const KICKER_SIZE = 30;

/**
 * Advance widths of Liberation Serif Bold for printable ASCII (space to `~`), in thousandths of
 * an em, read from the font's `hmtx` table. Any other character counts as `OTHER_ADVANCE`,
 * wider than the font's mean (0.59 em), so an accented or foreign headline errs on the short
 * side rather than running off the card; characters the font lacks are not drawn at all.
 */
const ASCII_ADVANCES = [
  250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500,
  500, 500, 500, 500, 500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667,
  611, 778, 778, 389, 500, 778, 667, 944, 722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722,
  722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556, 444, 333, 500, 556, 278, 333, 556,
  278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394, 220, 394, 520,
];
const OTHER_ADVANCE = 750;
const WIDE_ADVANCE = 1000;
const ELLIPSIS = "…";

function advanceOf(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return ASCII_ADVANCES[code - 32] ?? OTHER_ADVANCE;
  // The ellipsis and the dashes are in the font; anything outside the Basic Multilingual
  // Plane (emoji) or in the CJK ranges is at least an em wide in any font.
  if (character === ELLIPSIS || character === "—" || code > 0xffff || code >= 0x2e80) {
    return WIDE_ADVANCE;
  }
  return OTHER_ADVANCE;
}

/** The estimated width of `text` in pixels at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  let thousandths = 0;
  for (const character of text) thousandths += advanceOf(character);
  return (thousandths * fontSize) / 1000;
}

/** The longest start of `word` (whole characters) that fits in `width`. */
function fittingStart(word: string, width: number, fontSize: number): string {
  let taken = "";
  for (const character of word) {
    if (textWidth(taken + character, fontSize) > width) break;
    taken += character;
  }
  // Always take one character, so a line can never be empty and the loop always advances.
  return taken || ([...word][0] ?? "");
}

/** `line` shortened (at a space if one is near) until it and an ellipsis fit in `width`. */
function withEllipsis(line: string, width: number, fontSize: number): string {
  let kept = line.trimEnd();
  while (kept && textWidth(kept + ELLIPSIS, fontSize) > width) {
    kept = [...kept].slice(0, -1).join("").trimEnd();
  }
  const space = kept.lastIndexOf(" ");
  if (space > kept.length * 0.6) kept = kept.slice(0, space);
  return kept.replace(/[\s,;:.–—-]+$/u, "") + ELLIPSIS;
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `width` pixels at `fontSize`: at
 * spaces, a word longer than a line split where it fills it, and the last line ending in an
 * ellipsis when the text does not fit. Runs of white space count as one space.
 */
export function wrapLines(
  text: string,
  width: number,
  fontSize: number,
  maxLines: number,
): string[] {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    const word = words[index] ?? "";
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= width) {
      line = candidate;
      index++;
    } else if (line) {
      lines.push(line);
      line = "";
    } else {
      const start = fittingStart(word, width, fontSize);
      lines.push(start);
      words[index] = word.slice(start.length);
    }
  }
  // A line being filled always has room: the loop only stops at `maxLines` just after pushing.
  if (line) lines.push(line);
  const truncated = index < words.length;
  if (truncated && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = withEllipsis(lines[last] ?? "", width, fontSize);
  }
  return lines;
}

export interface ShareCardWords {
  /** The publication's name, at the top like the masthead. */
  masthead: string;
  /** Above the headline in the accent colour (an article's section); may be empty. */
  kicker: string;
  headline: string;
}

const text = (
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  extra = "",
): string =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;

/** The card's SVG; every word is escaped, so a headline can never add markup. */
export function shareCardSvg(words: ShareCardWords): string {
  const width = OG_WIDTH - 2 * CARD_MARGIN;
  const lines = wrapLines(words.headline, width, HEADLINE_SIZE, HEADLINE_MAX_LINES);
  const masthead = wrapLines(words.masthead, width, 56, 1)[0] ?? "";
  const kicker = wrapLines(words.kicker.toUpperCase(), width, KICKER_SIZE, 1)[0] ?? "";
  const headline = lines
    .map((line, i) =>
      text(CARD_MARGIN, HEADLINE_TOP + i * HEADLINE_LEADING, HEADLINE_SIZE, CARD_COLOURS.ink, line),
    )
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}" font-family="${CARD_FONT_FAMILY}" font-weight="bold">`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${CARD_COLOURS.paper}"/>`,
    text(OG_WIDTH / 2, 96, 56, CARD_COLOURS.ink, masthead, ' text-anchor="middle"'),
    // The masthead's double rule (shell.css: border-bottom: 3px double).
    `<rect x="${CARD_MARGIN}" y="124" width="${width}" height="3" fill="${CARD_COLOURS.rule}"/>`,
    `<rect x="${CARD_MARGIN}" y="131" width="${width}" height="3" fill="${CARD_COLOURS.rule}"/>`,
    kicker ? text(CARD_MARGIN, 200, KICKER_SIZE, CARD_COLOURS.accent, kicker) : "",
    headline,
    `<rect y="${OG_HEIGHT - 16}" width="${OG_WIDTH}" height="16" fill="${CARD_COLOURS.accent}"/>`,
    "</svg>",
  ].join("");
}
