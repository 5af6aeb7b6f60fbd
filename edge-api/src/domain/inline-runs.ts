import type { InlineRun } from "../contract/article-contract.ts";

/**
 * Inline marks of body blocks (issue 13): runs of text that are bold, italic or a link. The
 * body gate (`body-blocks.ts`) cleans them like plain text and recomputes the block's plain
 * `text` from them, so the two never disagree. Links are the one place a body names an
 * address: only http, https, mailto or a path of this site pass (SECURITY 17).
 */

export const MAX_LINK_LENGTH = 2048;

// The same characters the plain-text cleaner removes (see body-blocks.ts).
// eslint-disable-next-line no-control-regex
const UNWANTED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ue000-\uf8ff]/g;
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

/**
 * A link target a reader's page may carry: `http://` or `https://` with a host, `mailto:`
 * with an address, or a same-site path (`/` followed by anything but `/` or `\`, which
 * browsers would read as another host). No spaces or control characters anywhere.
 */
export function isAllowedLink(href: string): boolean {
  if (href === "" || href.length > MAX_LINK_LENGTH || SPACE_OR_CONTROL.test(href)) return false;
  if (href.startsWith("/")) return !/^\/[/\\]/.test(href);
  return /^(?:https?:\/\/[^/\\]|mailto:.)/i.test(href);
}

/** The links of a body that would be refused, as written (for a clear 422). */
export function refusedLinks(body: unknown): string[] {
  if (!Array.isArray(body)) return [];
  const refused: string[] = [];
  const check = (runs: unknown) => {
    if (!Array.isArray(runs)) return;
    for (const run of runs) {
      if (typeof run !== "object" || run === null || !("href" in run)) continue;
      const href: unknown = run.href;
      if (href === undefined) continue;
      if (typeof href !== "string" || !isAllowedLink(href)) refused.push(String(href));
    }
  };
  for (const block of body) {
    if (typeof block !== "object" || block === null) continue;
    if ("runs" in block) check(block.runs);
    if ("itemRuns" in block && Array.isArray(block.itemRuns)) block.itemRuns.forEach(check);
  }
  return refused;
}

function sameMarks(a: InlineRun, b: InlineRun): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.href === b.href;
}

function markedRun(value: Record<string, unknown>, text: string): InlineRun {
  const href = typeof value.href === "string" && isAllowedLink(value.href) ? value.href : null;
  return {
    text,
    ...(value.bold === true ? { bold: true } : {}),
    ...(value.italic === true ? { italic: true } : {}),
    ...(href === null ? {} : { href }),
  };
}

/**
 * Cleans runs as `cleanText` cleans plain text, across run boundaries: unwanted characters
 * become spaces, runs of space collapse to one (also where two runs meet), the whole is
 * trimmed and capped at `max` characters. Empty runs are dropped, neighbours with the same
 * marks merged, a refused link becomes plain text. Anything that is not a run is dropped.
 */
export function normalizeRuns(input: unknown, max: number): InlineRun[] {
  if (!Array.isArray(input)) return [];
  const runs: InlineRun[] = [];
  let length = 0;
  for (const value of input.slice(0, 2_000)) {
    if (typeof value !== "object" || value === null) continue;
    const record = value as Record<string, unknown>;
    if (typeof record.text !== "string") continue;
    let text = record.text.replace(UNWANTED_CHARACTERS, " ").replace(/\s+/g, " ");
    const previous = runs.at(-1);
    if (length === 0 || previous?.text.endsWith(" ")) text = text.replace(/^ /, "");
    text = text.slice(0, max - length);
    if (text === "") continue;
    const run = markedRun(record, text);
    if (previous && sameMarks(previous, run)) previous.text += run.text;
    else runs.push(run);
    length += text.length;
    if (length >= max) break;
  }
  // Trailing space of the whole, and any run it leaves empty.
  while (runs.length > 0) {
    const last = runs[runs.length - 1]!;
    last.text = last.text.replace(/ +$/, "");
    if (last.text !== "") break;
    runs.pop();
  }
  return runs;
}

/** True when any run carries a mark: otherwise the plain text says it all. */
export function hasMarks(runs: readonly InlineRun[]): boolean {
  return runs.some((run) => run.bold || run.italic || run.href !== undefined);
}

export function runsText(runs: readonly InlineRun[]): string {
  return runs.map((run) => run.text).join("");
}
