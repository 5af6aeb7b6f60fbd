import { UPLOAD_MAX_BODY_BYTES, UPLOAD_MAX_FILE_BYTES } from "../contract/fragment-contract.ts";

/**
 * What the shell checks before a form reaches a fragment: that it comes from this site
 * (SECURITY 14), that it is small (413 above the limit) and that it is a plain HTML form, or,
 * on a page that takes uploads, a multipart form streamed on with its size counted.
 */
export const MAX_FORM_BYTES = 16 * 1024;
/** A newsroom form carries a whole story (its body as blocks, twice with the editor's state). */
export const NEWSROOM_MAX_FORM_BYTES = 512 * 1024;

export type FormCheck =
  | { ok: true; form: Record<string, string> }
  | { ok: false; status: 400 | 403 | 413 | 415; message: string };

/** The form's media type, lower case, without parameters. */
function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function isMultipart(request: Request): boolean {
  return mediaTypeOf(request) === "multipart/form-data";
}

export function isSameOrigin(request: Request, publicOrigin: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== "null") return origin === publicOrigin;
  // Browsers send `Origin: null` from pages with `Referrer-Policy: no-referrer` (account pages)
  // and some send none at all; Fetch Metadata still says where the form came from.
  return request.headers.get("sec-fetch-site") === "same-origin";
}

function tooLarge(limit: number): FormCheck {
  const message =
    limit === MAX_FORM_BYTES
      ? "That form is too large."
      : `That form is too large: the newsroom takes at most ${limit / 1024} KB at once. ` +
        "Nothing was saved; shorten the story or move part of it into another one, then save again.";
  return { ok: false, status: 413, message };
}

export async function readForm(
  request: Request,
  publicOrigin: string,
  limit: number = MAX_FORM_BYTES,
): Promise<FormCheck> {
  if (!isSameOrigin(request, publicOrigin)) {
    return { ok: false, status: 403, message: "This form was sent from another site." };
  }
  if (mediaTypeOf(request) !== "application/x-www-form-urlencoded") {
    return { ok: false, status: 415, message: "Send the form as a normal web form." };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return tooLarge(limit);
  const body = await readLimited(request, limit);
  if (body === null) return tooLarge(limit);
  const form: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(body)) {
    if (!(key in form)) form[key] = value;
  }
  return { ok: true, form: { ...form } };
}

/** Reads at most `limit` bytes; null when the body is longer, whatever Content-Length said. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A multipart body on its way to the fragment, counted as it passes. */
export interface StreamedUpload {
  contentType: string;
  body: ReadableStream<Uint8Array>;
  /** True once more than UPLOAD_MAX_BODY_BYTES went by (the stream then errored). */
  overLimit(): boolean;
}

export type UploadCheck =
  { ok: true; upload: StreamedUpload } | { ok: false; status: 400 | 403 | 413; message: string };

/** For every page that takes uploads: the media library's photographs and the Import screen's exports. */
export const UPLOAD_TOO_LARGE =
  `That upload is too large: a file may be at most ${UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB. ` +
  "Nothing was saved. Export a smaller photograph (JPEG, PNG, WebP or AVIF); import a larger " +
  "publication's export from the command line (npm run import).";

/**
 * A multipart form for a page that takes uploads (decision 0022): same origin, at most
 * UPLOAD_MAX_BODY_BYTES by its Content-Length when it has one, and counted again as it streams,
 * so a body longer than it said (or without a length) is cut at the limit. The shell never
 * holds the body: the fragment reads it through the counter.
 */
export function readUpload(request: Request, publicOrigin: string): UploadCheck {
  if (!isSameOrigin(request, publicOrigin)) {
    return { ok: false, status: 403, message: "This form was sent from another site." };
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/;\s*boundary=/i.test(contentType)) {
    return { ok: false, status: 400, message: "The upload arrived without its boundary." };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > UPLOAD_MAX_BODY_BYTES) {
    return { ok: false, status: 413, message: UPLOAD_TOO_LARGE };
  }
  let size = 0;
  let over = false;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > UPLOAD_MAX_BODY_BYTES) {
        over = true;
        controller.error(new Error("upload over the limit"));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  const source = request.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  // The pipe's own failure is the counter's error; the fragment sees it as a broken body.
  source.pipeTo(counter.writable).catch(() => undefined);
  return { ok: true, upload: { contentType, body: counter.readable, overLimit: () => over } };
}
