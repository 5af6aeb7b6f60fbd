import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { hrefFor } from "shell/contract/addresses";
import { dataOrMissing } from "./api-results.ts";
import { feedChannel } from "./feed-channels.ts";
import { ContentError } from "./fragment-errors.ts";
import { publicPage } from "./load-outcomes.ts";
import {
  buildHead,
  frontPageJsonLd,
  homeDescription,
  homeTitle,
  pageSite,
  shareImageOf,
  websiteJsonLd,
} from "./page-heads.ts";
import { toHomeView } from "./view-shapers.ts";

export async function loadHome(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const home = dataOrMissing(await api.home(), "home");
  // The front page always exists; an API that cannot find it is broken.
  if (!home) throw new ContentError("api_unavailable", "edge-api has no home page");
  const view = toHomeView(publication, home);
  const site = pageSite(request, publication);
  const description = homeDescription(site);
  const head = buildHead({
    site,
    title: homeTitle(site),
    description,
    canonicalPath: hrefFor("content.home"),
    feed: feedChannel({ kind: "site" }, site),
    type: "website",
    share: shareImageOf(site, home.lead?.image, { kind: "home" }),
    jsonLd: [websiteJsonLd(site), frontPageJsonLd(site, description)],
  });
  return publicPage(head, view);
}
