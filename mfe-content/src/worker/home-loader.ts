import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { hrefFor } from "shell/contract/addresses";
import { ContentError, contentErrorCodes, dataOrMissing } from "./api-results.ts";
import { feedChannel } from "./feed-channels.ts";
import { PUBLIC_PAGE_CACHE } from "./load-outcomes.ts";
import {
  buildHead,
  frontPageJsonLd,
  HOME_DESCRIPTION,
  HOME_TITLE,
  websiteJsonLd,
} from "./page-heads.ts";
import { toHomeView } from "./view-shapers.ts";

export async function loadHome(request: FragmentRequest, api: ApiClient): Promise<LoadOutcome> {
  const home = dataOrMissing(await api.home(), "home");
  // The front page always exists; an API that cannot find it is broken.
  if (!home) throw new ContentError(contentErrorCodes.apiFailed, "edge-api has no home page");
  const view = toHomeView(home);
  return {
    kind: "page",
    head: buildHead({
      origin: request.origin,
      title: HOME_TITLE,
      description: HOME_DESCRIPTION,
      canonicalPath: hrefFor("content.home"),
      feed: feedChannel({ kind: "site" }),
      type: "website",
      image: view.lead?.image ?? null,
      jsonLd: [websiteJsonLd(request.origin), frontPageJsonLd(request.origin, HOME_DESCRIPTION)],
    }),
    props: view,
    cache: PUBLIC_PAGE_CACHE,
  };
}
