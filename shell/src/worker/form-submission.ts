/**
 * What the shell checks before a form reaches a fragment: that it comes from this site
 * (SECURITY 14), that it is small (413 above the limit) and that it is a plain HTML form.
 */
export const MAX_FORM_BYTES = 16 * 1024;
/** A newsroom form carries a whole story (its body as blocks, twice with the editor's state). */
export const NEWSROOM_MAX_FORM_BYTES = 512 * 1024;

export type FormCheck =
  | { ok: true; form: Record<string, string> }
  | { ok: false; status: 400 | 403 | 413 | 415; message: string };

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
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
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
