import type { ApiErrorBody } from "../contract/content-contract.ts";
import { ImportAnswerSchema, type ImportAnswer } from "../contract/import-contract.ts";
import { apiRequest } from "./api-request.ts";

/**
 * Issue 18: the newsroom's import calls as the Import screen makes them, for the tests of the
 * import routes and of the queue consumer. `overrides` replaces bindings (a recording queue).
 */

export interface UploadOptions {
  token: string | undefined;
  system?: "ghost" | "wordpress";
  fileName?: string;
  /** Extra query parameters (`defaultSection`, `section` repeated). */
  query?: [string, string][];
  /** The announced length; by default the body's; null sends none. */
  contentLength?: string | null;
}

export interface Answer {
  status: number;
  body: unknown;
}

const encoder = new TextEncoder();

export async function uploadExport(
  body: string | Uint8Array | ReadableStream<Uint8Array>,
  options: UploadOptions,
): Promise<Answer> {
  const query = new URLSearchParams([
    ["system", options.system ?? "ghost"],
    ["fileName", options.fileName ?? "export.json"],
    ...(options.query ?? []),
  ]);
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const headers: Record<string, string> = { "content-type": "application/octet-stream" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const length =
    options.contentLength === undefined && bytes instanceof Uint8Array
      ? String(bytes.byteLength)
      : options.contentLength;
  if (typeof length === "string") headers["content-length"] = length;
  const response = await apiRequest(`/api/newsroom/imports?${query}`, {
    method: "POST",
    body: bytes,
    headers,
    ...(bytes instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return answerOf(response);
}

export async function importCall(
  path: string,
  token: string | undefined,
  init: RequestInit = {},
  overrides?: Record<string, unknown>,
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  return answerOf(await apiRequest(path, { ...init, headers }, overrides));
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export const errorOf = (answer: Answer) => (answer.body as ApiErrorBody).error;

/** The upload's 201, read as the contract says. */
export function importOf(answer: Answer): ImportAnswer["import"] {
  if (answer.status >= 300) throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
  return ImportAnswerSchema.parse(answer.body).import;
}

/** A queue binding that keeps what it is sent, so a test hands it to the consumer itself. */
export class RecordingQueue {
  readonly sent: unknown[] = [];
  failing = false;

  send(body: unknown): Promise<void> {
    if (this.failing) return Promise.reject(new Error("queue unavailable"));
    this.sent.push(body);
    return Promise.resolve();
  }

  sendBatch(messages: Iterable<{ body: unknown }>): Promise<void> {
    for (const message of messages) this.sent.push(message.body);
    return Promise.resolve();
  }
}
