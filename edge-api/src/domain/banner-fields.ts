import { BANNER_HEADLINE_MAX, type SaveBannerBody } from "../contract/front-page-contract.ts";
import { isAllowedLink } from "./inline-runs.ts";

/**
 * A banner link is a page of this site (`/…`, never `//…` or `/\…`) or an https URL: the banner
 * sits on every page, so it never sends readers to plain http, mail or anything else.
 */
export function isBannerLink(link: string): boolean {
  return isAllowedLink(link) && (link.startsWith("/") || /^https:\/\//i.test(link));
}

export interface BannerProblem {
  code: "invalid_banner" | "invalid_link";
  field: "headline" | "link";
  message: string;
}

/** The first thing wrong with a banner as an editor wrote it (trimmed), or null. */
export function bannerProblem(
  banner: Pick<SaveBannerBody, "headline" | "link">,
): BannerProblem | null {
  if (banner.headline === "") {
    return { code: "invalid_banner", field: "headline", message: "Write the banner's headline." };
  }
  if ([...banner.headline].length > BANNER_HEADLINE_MAX) {
    return {
      code: "invalid_banner",
      field: "headline",
      message: `The banner's headline must be at most ${BANNER_HEADLINE_MAX} characters (it has ${[...banner.headline].length}).`,
    };
  }
  if (!isBannerLink(banner.link)) {
    return {
      code: "invalid_link",
      field: "link",
      message:
        "The banner's link must be a page of this site (starting with /) or an address starting with https://.",
    };
  }
  return null;
}
