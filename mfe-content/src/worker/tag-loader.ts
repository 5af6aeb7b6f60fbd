import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { loadListing } from "./api-results.ts";
import { feedChannel } from "./feed-channels.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import { buildHead, listingTitle, pageSite } from "./page-heads.ts";
import { listingPath, SlugParamsSchema } from "./route-params.ts";
import { toTagView } from "./view-shapers.ts";

export async function loadTag(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const listing = await loadListing(request, SlugParamsSchema, "tag", (params, page) =>
    api.tag(params.slug, page),
  );
  if (!listing) return NOT_FOUND;
  const { page, data } = listing;
  const { slug, name, description } = data.tag;
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: listingTitle(site, page, `${name}: articles tagged`),
    description: description || `Articles tagged ${name}.`,
    canonicalPath: listingPath(hrefFor("content.tag", { slug }), page),
    feed: feedChannel({ kind: "tag", slug, name, description }, site),
    type: "website",
  });
  return publicPage(head, toTagView(publication, data, page));
}
