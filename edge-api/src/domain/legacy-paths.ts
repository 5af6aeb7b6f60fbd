import { LEGACY_POST_PARAMETERS } from "../contract/redirect-contract.ts";

/**
 * The key of an old address in `legacy_redirects` (decision 0024, migration 0020), from the
 * address a reader asked for: the same form the importer stores, so a lookup is one equality on
 * the primary key. The path is lower-cased, without trailing slashes (except `/` itself); of
 * the query only the parameters that name a WordPress post or page stay, `p` then `page_id`
 * (`/?p=123`, `/?page_id=7`), each value as `encodeURIComponent` writes it; the fragment goes.
 * The path's percent-encoding is the URL standard's (what `URL#pathname` gives), so `/café` and
 * `/caf%C3%A9` are one key.
 */

/** Longest key stored or looked up; no old address worth keeping is longer. */
export const MAX_LEGACY_PATH_LENGTH = 1_000;

// Inputs longer than these cannot shrink to a key of MAX_LEGACY_PATH_LENGTH (the query keeps
// two short parameters at most), so they are refused before any parsing.
const MAX_PATHNAME_INPUT = 4 * MAX_LEGACY_PATH_LENGTH;
const MAX_SEARCH_INPUT = 16_384;

// Parsed against a fixed origin by concatenation, not resolution, so `//host` stays a path.
const PARSING_ORIGIN = "https://legacy-path.invalid";

// The URL parser silently drops tabs and newlines; an address with them (or with spaces or
// other controls) is not one a browser sends, so it names nothing.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s]/;

/**
 * The `legacy_redirects` key of `pathname` + `search` (as `URL#pathname` and `URL#search` give
 * them; `search` with or without its `?`, or ""), or null when it is not an address we could
 * have stored: not starting with `/`, with control characters or whitespace, or longer than
 * MAX_LEGACY_PATH_LENGTH once normalised.
 */
export function legacyPathKey(pathname: string, search: string): string | null {
  if (!pathname.startsWith("/")) return null;
  if (pathname.length > MAX_PATHNAME_INPUT || search.length > MAX_SEARCH_INPUT) return null;
  if (UNSAFE_CHARACTERS.test(pathname) || UNSAFE_CHARACTERS.test(search)) return null;
  const query = search === "" || search.startsWith("?") ? search : `?${search}`;
  let url: URL;
  try {
    url = new URL(`${PARSING_ORIGIN}${pathname}${query}`);
  } catch {
    return null;
  }
  const path = withoutTrailingSlashes(url.pathname.toLowerCase());
  const kept = LEGACY_POST_PARAMETERS.flatMap((name) => {
    const value = url.searchParams.get(name);
    return value === null || value === "" ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  const key = kept.length === 0 ? path : `${path}?${kept.join("&")}`;
  return key.length > MAX_LEGACY_PATH_LENGTH ? null : key;
}

/** `/a/b//` is `/a/b`; `/` and `///` are `/`. A loop, not a regular expression over 4,000 slashes. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  return path.slice(0, end);
}
