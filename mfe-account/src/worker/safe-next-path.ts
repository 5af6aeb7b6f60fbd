/**
 * `?next=` comes from the address bar, so it is only ever used when it is a path on this site.
 * Browsers treat `//host` and `/\host` as another origin, and they drop tabs and newlines
 * from URLs (`/\t/host` becomes `//host`), so control characters and whitespace are refused.
 */
const MAX_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s]/;

export function safeNextPath(value: string | undefined): string | null {
  if (value === undefined || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/")) return null;
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  return value;
}
