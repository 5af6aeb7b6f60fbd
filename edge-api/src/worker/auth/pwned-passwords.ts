/**
 * Have I Been Pwned's Pwned Passwords range API (k-anonymity): only the first five hex digits
 * of the password's SHA-1 leave the Worker; the answer lists every known suffix of that range
 * with its count, padded with zero-count decoys (`Add-Padding`) so even the answer's size says
 * nothing. Optional (var `PWNED_PASSWORDS = "on"`): development and tests never contact it.
 */
export const PWNED_RANGE_URL = "https://api.pwnedpasswords.com/range/";

/** Sign-up must not wait on a slow third party: after this, the check counts as unavailable. */
export const PWNED_TIMEOUT_MS = 1500;

export type BreachAnswer = "breached" | "not_found" | "unavailable";

export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/**
 * Whether the password (NFC, as it is hashed) appears in a known breach. Any failure (timeout,
 * network, a non-2xx answer) is `unavailable`, which never blocks the caller.
 */
export async function checkBreachedPassword(
  password: string,
  fetcher: Fetcher = (input, init) => fetch(input, init),
  timeoutMs = PWNED_TIMEOUT_MS,
): Promise<BreachAnswer> {
  const hash = await sha1Hex(password.normalize("NFC"));
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    const response = await fetcher(`${PWNED_RANGE_URL}${prefix}`, {
      headers: { "add-padding": "true" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return "unavailable";
    const body = await response.text();
    const found = body.split("\n").some((line) => {
      const [lineSuffix, count] = line.trim().split(":");
      return lineSuffix?.toUpperCase() === suffix && Number(count) > 0;
    });
    return found ? "breached" : "not_found";
  } catch {
    return "unavailable";
  }
}
