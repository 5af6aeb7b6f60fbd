/**
 * The one check that a text is a path on this site, for everything that comes back as an
 * address: `?next=` after logging in, a redirect's `Location`, a canonical path, a stylesheet.
 * Zod-free, so browser code can use it too; `SameOriginPathSchema` (fragment-contract.ts) is
 * built on it.
 *
 * Browsers read `//host` and `/\host` as another origin, and they drop tabs and newlines from
 * URLs (`/\t/host` becomes `//host`), so control characters and whitespace are refused.
 */

/** Longer addresses are refused: no page of the site needs one, and they bloat logs and keys. */
export const MAX_SAME_ORIGIN_PATH_LENGTH = 2048;

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s]/;

export function isSameOriginPath(value: string): boolean {
  return (
    value.length <= MAX_SAME_ORIGIN_PATH_LENGTH &&
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.startsWith("/\\") &&
    !UNSAFE_CHARACTERS.test(value)
  );
}

/** `value` when it is a same-origin path, otherwise null (a missing `?next=` included). */
export function sameOriginPathOrNull(value: string | null | undefined): string | null {
  return typeof value === "string" && isSameOriginPath(value) ? value : null;
}

const LINK_SCHEMES = /^(?:https?:\/\/[^\s/\\]|mailto:[^\s])/i;

/**
 * A link inside an article's body (issue 13): `http:`/`https:` to a host, `mailto:`, or a path
 * on this site. Everything else (`javascript:`, `data:`, `vbscript:`, `//host`, a bare word)
 * is refused; the API refuses it on write, and pages drop it to plain text on read.
 */
export function isBodyLinkTarget(value: string): boolean {
  if (isSameOriginPath(value)) return true;
  return (
    value.length <= MAX_SAME_ORIGIN_PATH_LENGTH &&
    !UNSAFE_CHARACTERS.test(value) &&
    LINK_SCHEMES.test(value)
  );
}
