import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { loadListing } from "./api-results.ts";
import { feedChannel } from "./feed-channels.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import { buildHead, listingTitle, pageSite, shareImageOf } from "./page-heads.ts";
import { listingPath, SectionParamsSchema } from "./route-params.ts";
import { listingLeadImage, toSectionView } from "./view-shapers.ts";

export async function loadSection(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const listing = await loadListing(request, SectionParamsSchema, "section", (params, page) =>
    api.section(params.section, page),
  );
  if (!listing || listing.data.section.slug !== listing.params.section) return NOT_FOUND;
  const { page, data } = listing;
  const view = toSectionView(publication, data, page);
  const { slug, name, description } = data.section;
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: listingTitle(site, page, name),
    description,
    canonicalPath: listingPath(hrefFor("content.section", { section: slug }), page),
    feed: feedChannel({ kind: "section", slug, name, description }, site),
    type: "website",
    // The lead story's photograph, else the section's card.
    share: shareImageOf(site, listingLeadImage(data.articles, page), {
      kind: "section",
      slug,
      title: name,
    }),
  });
  return publicPage(head, view);
}
