import {
  MAX_MEDIA_BYTES,
  MAX_MEDIA_PIXELS,
  MAX_MEDIA_SIDE,
  type MediaFormat,
} from "../contract/media-contract.ts";
import { declaredSize, describeOtherFile, sniffImageFormat } from "../domain/media-bytes.ts";
import type { CoverStep, ImageSize } from "../domain/media-geometry.ts";
import { ApiError } from "./api-errors.ts";

/**
 * Everything the media library asks of the Images binding (`IMAGES`: Cloudflare Images in
 * production, Miniflare's sharp locally and in tests): reading a file's size, checking it
 * decodes, and cutting variants. Every decode goes through it; nothing here decodes pixels.
 */

const MEGABYTE = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MEGABYTE).toFixed(1)} MB`;
const grouped = (n: number) => n.toLocaleString("en-GB");

function tooLarge(bytes: number | null): ApiError {
  const size = bytes === null ? "larger than" : `${megabytes(bytes)}, over`;
  return new ApiError(
    "payload_too_large",
    `The photograph is ${size} the ${MAX_MEDIA_BYTES / MEGABYTE} MB the library takes. Export it smaller (a long side of 4,000 pixels is plenty) and upload it again.`,
  );
}

/**
 * The request's body, counted while it streams: refused (413) from its Content-Length when
 * that is over the limit, and again as soon as the bytes read pass it, whatever the header said.
 */
export async function readLimitedBody(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | undefined,
  limit = MAX_MEDIA_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = contentLength === undefined ? null : Number(contentLength);
  if (declared !== null && Number.isFinite(declared) && declared > limit) {
    await body?.cancel();
    throw tooLarge(declared);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge(null);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** How R2 labels an original of each format. */
const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/** How the audit log names a photograph: its id and the start of its alt text. */
export const mediaAuditSubject = (id: string, alt: string) => `media ${id} “${alt.slice(0, 60)}”`;

/**
 * A checked photograph as a new library item: its original in R2 under a new id (32 random hex
 * digits), then `record` writes the caller's row (the upload's, an import's). When `record`
 * fails the original is deleted again: no row, no original, so R2 keeps nothing the library
 * cannot list.
 */
export async function storeNewPhotograph<T>(
  bucket: R2Bucket,
  bytes: Uint8Array,
  format: MediaFormat,
  record: (key: { id: string; r2Key: string }) => Promise<T>,
): Promise<T> {
  const id = crypto.randomUUID().replaceAll("-", "");
  const r2Key = `originals/${id}`;
  await bucket.put(r2Key, bytes, { httpMetadata: { contentType: MEDIA_CONTENT_TYPES[format] } });
  try {
    return await record({ id, r2Key });
  } catch (error) {
    await bucket.delete(r2Key);
    throw error;
  }
}

const streamOf = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]).stream();

function sizeProblem({ width, height }: ImageSize): string | null {
  const pixels = width * height;
  if (width > MAX_MEDIA_SIDE || height > MAX_MEDIA_SIDE || pixels > MAX_MEDIA_PIXELS) {
    const megapixels = Math.round(pixels / 1_000_000);
    return `The photograph is ${grouped(width)} × ${grouped(height)} pixels (${grouped(megapixels)} megapixels); the library takes at most ${grouped(MAX_MEDIA_PIXELS / 1_000_000)} megapixels and ${grouped(MAX_MEDIA_SIDE)} pixels a side. Export it smaller and upload it again.`;
  }
  return null;
}

const damaged = () =>
  new ApiError(
    "invalid_media",
    "The photograph could not be read: the file is damaged or incomplete (perhaps cut off while uploading). Export it again and upload the new file.",
  );

const INFO_FORMATS: Record<string, MediaFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
};

export interface CheckedUpload {
  format: MediaFormat;
  /** As displayed, after the EXIF orientation. */
  size: ImageSize;
}

/**
 * Whether the bytes are a photograph the library takes: its format by magic bytes (415), its
 * size from the binding's `info()` before anything decodes it (422; when `info()` cannot read
 * a file its header's declared size decides), then one full decode through the binding, which
 * must succeed (422: damaged) and gives the size as displayed (the binding applies the EXIF
 * orientation, so a photograph turned upright by its camera is stored portrait).
 */
export async function checkUpload(
  images: ImagesBinding,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<CheckedUpload> {
  if (bytes.byteLength === 0) {
    throw new ApiError(
      "invalid_request",
      "Send the photograph's bytes as the request body (the file itself, not a form).",
    );
  }
  const format = sniffImageFormat(bytes);
  if (format === null) {
    throw new ApiError(
      "unsupported_media",
      `This file is ${describeOtherFile(bytes)}, not a photograph: upload a JPEG, PNG, WebP or AVIF image.`,
    );
  }
  let stored: ImageSize;
  try {
    const info = await images.info(streamOf(bytes));
    if (!("width" in info) || INFO_FORMATS[info.format] !== format) throw damaged();
    stored = { width: info.width, height: info.height };
  } catch (error) {
    const declared = declaredSize(bytes, format);
    const problem = declared && sizeProblem(declared);
    if (problem) throw new ApiError("invalid_media", problem);
    throw error instanceof ApiError ? error : damaged();
  }
  const problem = sizeProblem(stored);
  if (problem) throw new ApiError("invalid_media", problem);
  try {
    const decoded = await images
      .input(streamOf(bytes))
      .transform({})
      .output({ format: "image/jpeg" });
    const info = await images.info(decoded.image());
    if (!("width" in info)) throw damaged();
    return { format, size: { width: info.width, height: info.height } };
  } catch {
    throw damaged();
  }
}

export type VariantFormat = "image/avif" | "image/webp" | "image/jpeg";

/**
 * One variant: the original cut and scaled by `steps` (`coverSteps`), encoded as `format`.
 * Steps before the last pass through lossless PNG; the binding strips EXIF (and so GPS) on
 * every encode, and the original's orientation is applied by the first.
 */
export async function renderVariant(
  images: ImagesBinding,
  original: ReadableStream<Uint8Array>,
  steps: readonly CoverStep[],
  format: VariantFormat,
): Promise<Uint8Array<ArrayBuffer>> {
  let input = original;
  for (const [index, step] of steps.entries()) {
    const last = index === steps.length - 1;
    const result = await images
      .input(input)
      .transform({ width: step.width, height: step.height, fit: "cover", gravity: step.gravity })
      .output({ format: last ? format : "image/png" });
    input = result.image();
  }
  return new Uint8Array(await new Response(input).arrayBuffer());
}
