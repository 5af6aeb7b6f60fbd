import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { loadListing } from "./api-results.ts";
import { feedChannel } from "./feed-channels.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import { buildHead, listingTitle, pageSite, personJsonLd, photographShare } from "./page-heads.ts";
import { listingPath, SlugParamsSchema } from "./route-params.ts";
import { toAuthorView } from "./view-shapers.ts";

export async function loadAuthor(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const listing = await loadListing(request, SlugParamsSchema, "author", (params, page) =>
    api.author(params.slug, page),
  );
  if (!listing) return NOT_FOUND;
  const { page, data } = listing;
  const view = toAuthorView(publication, data, page);
  const { slug, name, title, bio } = data.author;
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: listingTitle(site, page, name),
    description: `${name}, ${title}. ${bio}`,
    canonicalPath: listingPath(hrefFor("content.author", { slug }), page),
    feed: feedChannel({ kind: "author", slug, name, title }, site),
    type: "profile",
    // A portrait photograph's share crop; an illustrated portrait (SVG) is no link preview.
    share: photographShare(data.author.portrait),
    jsonLd: [personJsonLd(data.author, site)],
  });
  return publicPage(head, view);
}
