import { and, eq, inArray } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { Database } from "../db/database.ts";
import { importMedia } from "../db/import-schema.ts";
import { insertMedia } from "../db/media-queries.ts";
import { media, type MediaRow } from "../db/media-schema.ts";
import { ApiError } from "../worker/api-errors.ts";
import {
  checkUpload,
  mediaAuditSubject,
  readLimitedBody,
  storeNewPhotograph,
} from "../worker/media-images.ts";

/**
 * Issue 18 (decision 0024): an imported post's photographs into the media library, through the
 * library's own checks (`readLimitedBody`: the size limit counted while streaming;
 * `checkUpload`: the format by magic bytes and a full decode through the Images binding) and
 * its own row and R2 key. Each download is recorded in `import_media` with the original in the
 * same batch, so a photograph an earlier run of the same origin downloaded is found again, and
 * an address several posts use is one photograph. Any failure is a reason for the report (the
 * photograph stays a link to its old address), never a throw.
 */

/** What a caller gives the import to download photographs with (the Worker's or the CLI's). */
export interface PhotographDownloads {
  fetch: typeof fetch;
  /** The media library's Images binding (`IMAGES`) and bucket (`MEDIA`). */
  images: ImagesBinding;
  bucket: R2Bucket;
  /**
   * Addresses on this machine or its network (`localhost`, loopback, private and link-local IP
   * literals) are refused unless true: an export must not make the importer fetch from inside.
   * Only the local stack's own tests and demos set it (a Worker cannot reach them anyway).
   */
  allowPrivateHosts?: boolean;
  /** Per photograph, redirects and body included; 15 s unless told. */
  timeoutMs?: number;
  /** Downloads at a time; 4 unless told. */
  concurrency?: number;
}

/** What the writer adds: where the rows go and who made them. */
export interface PhotographImport extends PhotographDownloads {
  db: Database;
  actorId: string | null;
  now: Date;
  /** `import_items.origin`: the old site. */
  origin: string;
}

/** A photograph a post shows, with the post's words for it (alt never empty). */
export interface PhotographRequest {
  url: string;
  alt: string;
  caption: string;
}

export type PhotographResult = { ok: true; row: MediaRow } | { ok: false; reason: string };

export const PHOTOGRAPH_TIMEOUT_MS = 15_000;
const PHOTOGRAPH_CONCURRENCY = 4;
const MAX_REDIRECTS = 5;
/** D1 takes 100 bound parameters a statement. */
const LOOKUP_CHUNK = 90;

/** Why a photograph's address cannot be downloaded at all, or null when it can be tried. */
export function photographAddressProblem(
  address: string,
  allowPrivateHosts = false,
): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "Its address is not a web address.";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `Only http and https addresses are downloaded, not ${url.protocol}.`;
  }
  if (!allowPrivateHosts && isPrivateHost(url.hostname)) {
    return `${url.hostname} is a local or private network address, which the import does not fetch.`;
  }
  return null;
}

/**
 * What `ipaddr.js` calls the ranges a photograph is never fetched from: this host, private and
 * shared (CGNAT) networks, link-local, multicast, broadcast and reserved IPv4; IPv6's own.
 */
const PRIVATE_RANGES = new Set([
  "unspecified",
  "loopback",
  "private",
  "carrierGradeNat",
  "linkLocal",
  "multicast",
  "broadcast",
  "reserved",
  "uniqueLocal",
]);

/**
 * `localhost` and IP literals of loopback, private, link-local, shared (CGNAT), unspecified and
 * multicast ranges (an IPv4-mapped IPv6 address by its IPv4), classified by `ipaddr.js`. The URL
 * parser already wrote any IPv4 form (`2130706433`, `0x7f.1`) as dotted decimal and IPv6 in
 * brackets. A name that resolves to such an address is not caught here: a Worker cannot reach
 * one, and the CLI runs on its user's own machine.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const literal = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (!ipaddr.IPv4.isValidFourPartDecimal(literal) && !ipaddr.IPv6.isValid(literal)) return false;
  const address = ipaddr.process(literal);
  // IPv6's documentation range is "reserved" too, and harmless: only IPv4's reserved is refused.
  const range = address.range();
  return PRIVATE_RANGES.has(range) && !(address.kind() === "ipv6" && range === "reserved");
}

/** The library's credit for a photograph from the old site (its host, or its name). */
export function importedCredit(origin: string): string {
  const address = origin.slice(origin.indexOf(":") + 1);
  try {
    return `Imported from ${new URL(address).host}`;
  } catch {
    return `Imported from ${address}`;
  }
}

/** The first sentence of a library refusal (the rest tells an uploader what to do). */
function firstSentence(message: string): string {
  const end = message.indexOf(". ");
  return end === -1 ? message : message.slice(0, end + 1);
}

function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof ApiError) return firstSentence(error.message);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    const seconds = timeoutMs / 1000;
    return `The old address did not answer within ${seconds} second${seconds === 1 ? "" : "s"}.`;
  }
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const why = typeof cause === "string" ? cause : (error as Error | null)?.message || "no answer";
  return `The old address could not be reached (${why}).`;
}

/** The photograph's response, redirects followed by hand so each new address is checked too. */
async function fetchPhotograph(
  deps: PhotographDownloads,
  address: string,
  signal: AbortSignal,
): Promise<Response | string> {
  let current = address;
  for (let hop = 0; ; hop++) {
    const problem = photographAddressProblem(current, deps.allowPrivateHosts);
    if (problem) return hop === 0 ? problem : `It redirects to ${current}: ${problem}`;
    const response = await deps.fetch(current, {
      redirect: "manual",
      signal,
      headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8" },
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop === MAX_REDIRECTS) return `It redirects more than ${MAX_REDIRECTS} times.`;
      current = new URL(location, current).href;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const text = response.statusText ? ` ${response.statusText}` : "";
      return `The old address answered ${response.status}${text}.`;
    }
    return response;
  }
}

/** One photograph into the library: fetched, checked, stored in R2, its row and record written. */
async function downloadPhotograph(
  deps: PhotographImport,
  request: PhotographRequest,
  credit: string,
): Promise<PhotographResult> {
  const timeoutMs = deps.timeoutMs ?? PHOTOGRAPH_TIMEOUT_MS;
  let bytes: Uint8Array<ArrayBuffer>;
  let checked: Awaited<ReturnType<typeof checkUpload>>;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetchPhotograph(deps, request.url, signal);
    if (typeof response === "string") return { ok: false, reason: response };
    bytes = await readLimitedBody(
      response.body,
      response.headers.get("content-length") ?? undefined,
    );
    checked = await checkUpload(deps.images, bytes);
  } catch (error) {
    return { ok: false, reason: failureOf(error, timeoutMs) };
  }
  const row = await storeNewPhotograph(deps.bucket, bytes, checked.format, async (key) => {
    const row: MediaRow = {
      ...key,
      format: checked.format,
      width: checked.size.width,
      height: checked.size.height,
      bytes: bytes.byteLength,
      alt: request.alt,
      caption: request.caption,
      credit,
      focalX: 0.5,
      focalY: 0.5,
      cropWideX: null,
      cropWideY: null,
      cropWideWidth: null,
      cropWideHeight: null,
      cropSquareX: null,
      cropSquareY: null,
      cropSquareWidth: null,
      cropSquareHeight: null,
      cropPortraitX: null,
      cropPortraitY: null,
      cropPortraitWidth: null,
      cropPortraitHeight: null,
      uploadedBy: deps.actorId,
      createdAt: deps.now,
      updatedAt: deps.now,
      revision: 1,
    };
    await insertMedia(
      deps.db,
      row,
      {
        at: deps.now,
        actorId: deps.actorId,
        action: "media.upload",
        subject: mediaAuditSubject(key.id, request.alt),
        detail: {
          importedFrom: request.url,
          format: row.format,
          width: row.width,
          height: row.height,
          bytes: row.bytes,
        },
      },
      [
        deps.db
          .insert(importMedia)
          .values({ origin: deps.origin, url: request.url, mediaId: key.id, importedAt: deps.now }),
      ],
    );
    return row;
  });
  return { ok: true, row };
}

/** Photographs earlier runs of this origin downloaded, by address (still in the library). */
async function alreadyDownloaded(
  db: Database,
  origin: string,
  urls: readonly string[],
): Promise<Map<string, MediaRow>> {
  const found = new Map<string, MediaRow>();
  for (let start = 0; start < urls.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .select({ url: importMedia.url, row: media })
      .from(importMedia)
      .innerJoin(media, eq(media.id, importMedia.mediaId))
      .where(
        and(
          eq(importMedia.origin, origin),
          inArray(importMedia.url, urls.slice(start, start + LOOKUP_CHUNK)),
        ),
      );
    for (const { url, row } of rows) found.set(url, row);
  }
  return found;
}

/**
 * Every photograph of `requests` as a library row or a reason: each address once (the first
 * request's words become the library's), those an earlier run downloaded found again, the rest
 * downloaded a few at a time. `downloaded` counts the new ones.
 */
export async function importPhotographs(
  deps: PhotographImport,
  requests: readonly PhotographRequest[],
): Promise<{ results: Map<string, PhotographResult>; downloaded: number }> {
  const byUrl = new Map<string, PhotographRequest>();
  for (const request of requests) if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  const results = new Map<string, PhotographResult>();
  const known = await alreadyDownloaded(deps.db, deps.origin, [...byUrl.keys()]);
  for (const [url, row] of known) results.set(url, { ok: true, row });
  const queue = [...byUrl.values()].filter((request) => !known.has(request.url));
  const credit = importedCredit(deps.origin);
  let downloaded = 0;
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const result = await downloadPhotograph(deps, request, credit);
      if (result.ok) downloaded += 1;
      results.set(request.url, result);
    }
  };
  const lanes = Math.max(1, deps.concurrency ?? PHOTOGRAPH_CONCURRENCY);
  await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, worker));
  return { results, downloaded };
}
