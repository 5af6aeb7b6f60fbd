import { createApiClient, type ApiClient } from "edge-api/client";
import type { BreakingBanner, NavSection } from "../contract/navigation-contract.ts";
import type { ShellRequest } from "./request-context.ts";

const UNVERSIONED_TTL_MS = 30_000;

/**
 * A piece of the chrome read from the API (the section menu, the breaking-news banner): kept
 * per isolate for as long as the content version stays the same when it is known (so a page
 * kept at the edge never carries the chrome of an older version: every write to sections or the
 * banner moves the version), for 30 s when it is not. The page still renders with the last value
 * (or `fallback`) if the API fails or is slower than the fragment budget. Settled values only.
 */
function perContentVersion<T>(
  failureEvent: string,
  read: (api: ApiClient) => Promise<{ ok: true; value: T } | { ok: false }>,
  fallback: T,
) {
  let cache: { at: number; version: string | null; value: T } | null = null;
  return async (shell: ShellRequest, contentVersion: string | null): Promise<T> => {
    const now = Date.now();
    const fresh = contentVersion
      ? cache?.version === contentVersion
      : cache !== null && now - cache.at < UNVERSIONED_TTL_MS;
    if (cache && fresh) return cache.value;
    try {
      const api = createApiClient(shell.env.API, {
        requestId: shell.requestId,
        signal: AbortSignal.timeout(shell.config.FRAGMENT_TIMEOUT_MS),
      });
      const result = await read(api);
      if (!result.ok) return cache?.value ?? fallback;
      cache = { at: now, version: contentVersion, value: result.value };
      return result.value;
    } catch (error) {
      shell.log.error(failureEvent, { detail: String(error) });
      return cache?.value ?? fallback;
    }
  };
}

/** Sections for the masthead's menu. */
export const loadNavSections = perContentVersion<NavSection[]>(
  "sections_failed",
  async (api) => {
    const result = await api.sections();
    if (!result.ok) return { ok: false };
    return { ok: true, value: result.data.sections.map(({ slug, name }) => ({ slug, name })) };
  },
  [],
);

/**
 * A same-site path or an https address, as the API only stores (decision 0020); anything else
 * is not linked from every page of the site, whatever the API says.
 */
function isBannerHref(link: string): boolean {
  return /^\/(?![/\\])/.test(link) || /^https:\/\/[^/\\\s]/i.test(link);
}

/** The breaking-news banner (decision 0020), or null when it is off. */
export const loadBreakingBanner = perContentVersion<BreakingBanner | null>(
  "banner_failed",
  async (api) => {
    const result = await api.call("banner", {});
    if (!result.ok) return { ok: false };
    const banner = result.data.banner;
    if (!banner || !isBannerHref(banner.link)) return { ok: true, value: null };
    return { ok: true, value: { headline: banner.headline, href: banner.link } };
  },
  null,
);
