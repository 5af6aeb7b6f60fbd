import {
  encodeFragmentRequest,
  FRAGMENT_RENDER_PATH,
  FRAGMENT_REQUEST_HEADER,
  FRAGMENT_UPLOAD_PATH,
  FragmentAnswerSchema,
  type FragmentRequest,
  type ParsedFragmentAnswer,
} from "../contract/fragment-contract.ts";
import { untilAborted } from "./deadline.ts";
import type { StreamedUpload } from "./form-submission.ts";
import type { ServiceBinding } from "./shell-env.ts";

export type FragmentOutcome =
  | { kind: "answer"; answer: ParsedFragmentAnswer }
  | {
      kind: "failed";
      reason: "timeout" | "error-status" | "malformed" | "unreachable";
      detail: string;
    };

/**
 * Asks a fragment Worker to render. Never throws: a slow, failing or contract-breaking
 * fragment becomes a `failed` outcome that the shell turns into a clear message. The call gets
 * `AbortSignal.timeout(timeoutMs)`, so a slow fragment's render is cancelled, not left running.
 * With an upload, the multipart body streams to FRAGMENT_UPLOAD_PATH with the render request in
 * a header (decision 0022).
 */
export async function askFragment(
  binding: ServiceBinding,
  request: FragmentRequest,
  timeoutMs: number,
  upload?: StreamedUpload,
): Promise<FragmentOutcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  let result: { status: number; text: string };
  try {
    result = await untilAborted(
      (async () => {
        const response = await binding.fetch(
          `https://fragment.internal${upload ? FRAGMENT_UPLOAD_PATH : FRAGMENT_RENDER_PATH}`,
          upload
            ? {
                method: "POST",
                headers: {
                  "content-type": upload.contentType,
                  "x-request-id": request.requestId,
                  [FRAGMENT_REQUEST_HEADER]: encodeFragmentRequest(request),
                },
                body: upload.body,
                signal,
              }
            : {
                method: "POST",
                headers: { "content-type": "application/json", "x-request-id": request.requestId },
                body: JSON.stringify(request),
                signal,
              },
        );
        return { status: response.status, text: await response.text() };
      })(),
      signal,
    );
  } catch (error) {
    if (signal.aborted) {
      return { kind: "failed", reason: "timeout", detail: `no answer within ${timeoutMs} ms` };
    }
    return { kind: "failed", reason: "unreachable", detail: String(error).slice(0, 500) };
  }
  if (result.status !== 200) {
    return { kind: "failed", reason: "error-status", detail: `status ${result.status}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(result.text);
  } catch {
    return { kind: "failed", reason: "malformed", detail: "answer is not JSON" };
  }
  const parsed = FragmentAnswerSchema.safeParse(json);
  if (!parsed.success) {
    return { kind: "failed", reason: "malformed", detail: parsed.error.message.slice(0, 500) };
  }
  return { kind: "answer", answer: parsed.data };
}
