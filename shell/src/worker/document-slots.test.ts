import { describe, expect, it } from "vitest";
import type { StoredAnswer } from "./edge-cache.ts";
import { withFreshNonce } from "./document-slots.ts";

describe("withFreshNonce", () => {
  const decode = (body: Uint8Array | string) =>
    typeof body === "string" ? body : new TextDecoder().decode(body);
  const old = "T2xkTm9uY2VPbGROb25jZQ==";
  const stored = (body: string): StoredAnswer => ({ status: 200, headers: [], body, nonce: old });

  it("writes the new nonce over every copy of the old one, after any characters", () => {
    // Multi-byte characters before each nonce: offsets are in bytes, not characters.
    const page = stored(
      `<p>Café — “naïve” 🗞️</p><script nonce="${old}">1</script><p>日本語</p><script nonce="${old}">2</script>`,
    );
    const fresh = "TmV3Tm9uY2VOZXdOb25jZQ==";
    const first = decode(withFreshNonce(page, fresh));
    expect(first).toBe(page.body.split(old).join(fresh));
    // The stored bytes are copied, never changed: the next response gets its own nonce.
    const other = "QW5vdGhlck5vbmNlQW5vdA==";
    expect(decode(withFreshNonce(page, other))).toBe(page.body.split(old).join(other));
    expect(decode(withFreshNonce(page, fresh))).toBe(first);
  });

  it("handles a nonce of another length and a body without one", () => {
    const page = stored(`<script nonce="${old}"></script>`);
    expect(decode(withFreshNonce(page, "short"))).toBe(`<script nonce="short"></script>`);
    expect(decode(withFreshNonce(stored("<p>no scripts</p>"), "x"))).toBe("<p>no scripts</p>");
  });
});
