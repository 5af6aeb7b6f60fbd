import { z } from "zod";
import {
  ImageMediaSchema,
  type BodyBlock,
  type ImageRef,
  type InlineRun,
} from "../contract/article-contract.ts";
import { MAX_MEDIA_SIDE } from "../contract/media-contract.ts";
import { mediaVariantPath } from "../contract/media-variants.ts";
import { hasMarks, normalizeRuns, runsText } from "./inline-runs.ts";

/**
 * The one gate for article and page bodies (SECURITY 17, 23): every body passes through
 * `sanitizeBody` when it is written and again when it is read, so a bad row never reaches a
 * page. Only known block kinds and fields survive; text is plain text, never markup.
 */

export const BODY_LIMITS = {
  blocks: 400,
  text: 6_000,
  heading: 300,
  attribution: 300,
  listItems: 50,
  listItem: 1_000,
  imageText: 500,
} as const;

// C0/C1 controls (tab and newline included: blocks are single runs of text), bidi overrides,
// and the private-use characters search uses as highlight markers.
// eslint-disable-next-line no-control-regex
const UNWANTED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ue000-\uf8ff]/g;
const IMAGE_SRC_PATTERN = /^\/images\/[1-9]\d{0,11}\.svg$/;

/** Plain text: unwanted characters become spaces, runs of space collapse, length is capped. */
export function cleanText(value: string, max: number): string {
  return value.replace(UNWANTED_CHARACTERS, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}

const text = (max: number) => z.string().transform((value) => cleanText(value, max));

const imageWords = {
  alt: text(BODY_LIMITS.imageText).pipe(z.string().min(1)),
  caption: text(BODY_LIMITS.imageText),
  credit: text(BODY_LIMITS.imageText).pipe(z.string().min(1)),
};

/** A generated illustration: served by the API at `/images/<id>.svg`. */
const illustrationRefSchema = z.object({
  src: z.string().regex(IMAGE_SRC_PATTERN),
  ...imageWords,
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
  // An image that names a photograph is a photograph or nothing, never an illustration.
  media: z.never().optional(),
});

/**
 * A photograph from the media library in a body (issue 16): always its `full` use, and `src`
 * must be that use's JPEG variant at one of the widths it names, so nothing off-origin (or
 * another photograph's file) gets in this way. The story desk rebuilds these from the library
 * when it saves (`media-image-ref.ts`); pages rebuild them again when they serve.
 */
const photographRefSchema = z
  .object({
    src: z.string().max(200),
    ...imageWords,
    width: z.number().int().min(1).max(MAX_MEDIA_SIDE),
    height: z.number().int().min(1).max(MAX_MEDIA_SIDE),
    media: ImageMediaSchema.extend({ use: z.literal("full") }),
  })
  .refine(({ src, media }) =>
    media.widths.some((width) => src === mediaVariantPath(media, "full", width, "jpg")),
  );

export const imageRefSchema: z.ZodType<ImageRef, unknown> = z.union([
  photographRefSchema,
  illustrationRefSchema,
]);

const nonEmpty = (max: number) => text(max).pipe(z.string().min(1));

// Runs arrive here already normalised by `withRuns`; the schema only keeps their shape.
const runsSchema: z.ZodType<InlineRun[], unknown> = z.array(
  z.object({
    text: z.string().min(1),
    bold: z.literal(true).optional(),
    italic: z.literal(true).optional(),
    href: z.string().optional(),
  }),
);

const blockSchema: z.ZodType<BodyBlock, unknown> = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("paragraph"),
    text: nonEmpty(BODY_LIMITS.text),
    runs: runsSchema.optional(),
  }),
  z.object({ type: z.literal("heading"), text: nonEmpty(BODY_LIMITS.heading) }),
  z.object({
    type: z.literal("quote"),
    text: nonEmpty(BODY_LIMITS.text),
    attribution: text(BODY_LIMITS.attribution)
      .optional()
      .transform((value) => (value ? value : undefined)),
    runs: runsSchema.optional(),
  }),
  z.object({ type: z.literal("pullquote"), text: nonEmpty(BODY_LIMITS.heading * 2) }),
  z.object({
    type: z.literal("list"),
    ordered: z.boolean().optional(),
    items: z
      .array(z.unknown())
      .transform((items) =>
        items
          .slice(0, BODY_LIMITS.listItems)
          .flatMap((item) =>
            typeof item === "string" ? [cleanText(item, BODY_LIMITS.listItem)] : [],
          )
          .filter((item) => item.length > 0),
      )
      .pipe(z.array(z.string()).min(1)),
    itemRuns: z.array(runsSchema).optional(),
  }),
  z.object({ type: z.literal("image"), image: imageRefSchema }),
]);

const RUN_LIMITS = { paragraph: BODY_LIMITS.text, quote: BODY_LIMITS.text } as const;

/**
 * Inline marks first: a paragraph's or quote's `runs` (a list's `itemRuns`) are cleaned and
 * their text becomes the block's plain `text` (`items`), so the two always agree. Runs without
 * any mark are dropped: the plain text says the same. Not an object, or no runs: as it came.
 */
function withRuns(candidate: unknown): unknown {
  if (typeof candidate !== "object" || candidate === null) return candidate;
  const block = candidate as Record<string, unknown>;
  if ((block.type === "paragraph" || block.type === "quote") && block.runs !== undefined) {
    const runs = normalizeRuns(block.runs, RUN_LIMITS[block.type]);
    return { ...block, text: runsText(runs), runs: hasMarks(runs) ? runs : undefined };
  }
  if (block.type === "list" && block.itemRuns !== undefined) {
    const itemRuns = (Array.isArray(block.itemRuns) ? block.itemRuns : [])
      .slice(0, BODY_LIMITS.listItems)
      .map((runs) => normalizeRuns(runs, BODY_LIMITS.listItem))
      .filter((runs) => runs.length > 0);
    return {
      ...block,
      items: itemRuns.map(runsText),
      itemRuns: itemRuns.some(hasMarks) ? itemRuns : undefined,
    };
  }
  return { ...block, runs: undefined, itemRuns: undefined };
}

function withoutUndefined(block: BodyBlock): BodyBlock {
  return Object.fromEntries(
    Object.entries(block).filter(([, value]) => value !== undefined),
  ) as BodyBlock;
}

/**
 * Keeps the blocks that are valid, in order, and drops the rest. Never throws: anything
 * that is not an array is an empty body.
 */
export function sanitizeBody(input: unknown): BodyBlock[] {
  if (!Array.isArray(input)) return [];
  const blocks: BodyBlock[] = [];
  for (const candidate of input.slice(0, BODY_LIMITS.blocks * 2)) {
    const result = blockSchema.safeParse(withRuns(candidate));
    if (result.success) blocks.push(withoutUndefined(result.data));
    if (blocks.length === BODY_LIMITS.blocks) break;
  }
  return blocks;
}

/** Reads a stored body (JSON text) through the sanitizer; corrupt JSON reads as empty. */
export function parseStoredBody(json: string): BodyBlock[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return sanitizeBody(parsed);
}

/** Sanitizes and serialises a body for storage: the only way a body should be written. */
export function serializeBody(input: unknown): string {
  return JSON.stringify(sanitizeBody(input));
}

const WORD_PATTERN = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

function countWords(value: string): number {
  return value.match(WORD_PATTERN)?.length ?? 0;
}

/** Words a reader reads: text, headings, quotes and list items; not image captions. */
export function bodyWordCount(body: readonly BodyBlock[]): number {
  let words = 0;
  for (const block of body) {
    switch (block.type) {
      case "list":
        for (const item of block.items) words += countWords(item);
        break;
      case "image":
        break;
      case "quote":
        words += countWords(block.text) + countWords(block.attribution ?? "");
        break;
      default:
        words += countWords(block.text);
    }
  }
  return words;
}

export const WORDS_PER_MINUTE = 230;

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
}
