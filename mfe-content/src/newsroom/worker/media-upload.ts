import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseMultipartStream,
  type MultipartPart,
} from "@remix-run/multipart-parser";
import type { MediaUpload, uploadMedia } from "edge-api/client";
import { UPLOAD_MAX_BODY_BYTES, UPLOAD_MAX_FILE_BYTES } from "shell/contract";
import type { FragmentUpload } from "shell/fragment-kit/server";

/**
 * Reading the library's upload form (decision 0022, "Upload through the shell"): the shell
 * streams the browser's multipart body here unread; a well-kept streaming parser
 * (`@remix-run/multipart-parser`) splits it. The file part stays the parser's chunks, held once,
 * and goes on to the API as a stream of those same chunks, never copied into one buffer.
 */

/** What the library's POST gets beside its context: the body, and the API's upload as this person. */
export interface MediaUploadContext {
  /** The multipart body; absent when the form came urlencoded (no file in it). */
  upload: FragmentUpload | undefined;
  send(upload: MediaUpload): ReturnType<typeof uploadMedia>;
}

export type MediaTextValues = { alt: string; caption: string; credit: string };

export interface UploadedFile {
  chunks: Uint8Array[];
  size: number;
  /** The name the browser gave the file ("" when it gave none). */
  name: string;
}

export type UploadRead =
  | { ok: true; values: MediaTextValues; file: UploadedFile | null }
  | { ok: false; status: 400 | 413; message: string; values: MediaTextValues };

const TEXT_FIELDS = ["alt", "caption", "credit"] as const;
/** The form's own parts (four) and a little slack; a form with more is not ours. */
const MAX_PARTS = 8;
/** A field kept for the form again: longer than every limit, so its problem still shows. */
const KEPT_FIELD_CHARACTERS = 2000;

export const FILE_TOO_LARGE = `The photograph is larger than ${UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB. Export a smaller JPEG, PNG, WebP or AVIF and upload that.`;
const INCOMPLETE = "The upload did not arrive whole. Choose the file again and upload it.";

/** The upload form's fields and file; the first of each name counts, other parts are ignored. */
export function readUploadForm(upload: FragmentUpload): Promise<UploadRead> {
  return readMultipartForm(upload, TEXT_FIELDS, {
    maxFileSize: UPLOAD_MAX_FILE_BYTES,
    maxParts: MAX_PARTS,
    tooLarge: FILE_TOO_LARGE,
  });
}

/** How one multipart form is read: its file's limit, how many parts, what a file too large is. */
export interface MultipartLimits {
  maxFileSize: number;
  maxParts: number;
  tooLarge: string;
  /** The most of a text field kept (the rest is cut); 2,000 characters unless said. */
  keptCharacters?: number;
}

export type MultipartRead<F extends string> =
  | { ok: true; values: Record<F, string>; file: UploadedFile | null }
  | { ok: false; status: 400 | 413; message: string; values: Record<F, string> };

/**
 * A multipart form streamed from the shell: the text fields named (trimmed, the first of each
 * name) and the part named `file`; other parts are ignored. Shared by the library's upload and
 * the Import screen (issue 18).
 */
export async function readMultipartForm<F extends string>(
  upload: FragmentUpload,
  textFields: readonly F[],
  limits: MultipartLimits,
): Promise<MultipartRead<F>> {
  const values = Object.fromEntries(textFields.map((name) => [name, ""])) as Record<F, string>;
  const isText = (name: string): name is F => (textFields as readonly string[]).includes(name);
  const seen = new Set<string>();
  let file: UploadedFile | null = null;
  const boundary = getMultipartBoundary(upload.contentType);
  if (boundary === null || upload.body === null) {
    return { ok: false, status: 400, message: INCOMPLETE, values };
  }
  try {
    for await (const part of parseMultipartStream(upload.body, {
      boundary,
      maxFileSize: limits.maxFileSize,
      maxTotalSize: UPLOAD_MAX_BODY_BYTES,
      maxParts: limits.maxParts,
    })) {
      const name = part.name;
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      if (name === "file" && part.isFile) file = fileOf(part);
      else if (isText(name) && part.isText) {
        values[name] = part.text.trim().slice(0, limits.keptCharacters ?? KEPT_FIELD_CHARACTERS);
      }
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { ok: false, status: 413, message: limits.tooLarge, values };
    }
    // A malformed body, text that is not UTF-8, or a body the shell cut at its limit (which
    // then answers 413 itself): the form again, with what had arrived.
    return { ok: false, status: 400, message: INCOMPLETE, values };
  }
  return { ok: true, values, file };
}

/** An empty file input still sends a part (no name, no bytes): that is no file. */
function fileOf(part: MultipartPart): UploadedFile | null {
  const size = part.size;
  return size === 0 ? null : { chunks: part.content, size, name: part.filename ?? "" };
}

/** The file's chunks as a stream, each let go once sent, so the file is never held twice. */
export function streamOf(file: UploadedFile): ReadableStream<Uint8Array> {
  const { chunks } = file;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next];
      if (chunk === undefined) return controller.close();
      chunks[next] = new Uint8Array(0);
      next += 1;
      controller.enqueue(chunk);
    },
  });
}
