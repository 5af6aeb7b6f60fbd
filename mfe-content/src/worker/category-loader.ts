import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { loadListing } from "./api-results.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import {
  buildHead,
  categoryBreadcrumbJsonLd,
  listingTitle,
  pageSite,
  shareImageOf,
} from "./page-heads.ts";
import { CategoryParamsSchema, listingPath } from "./route-params.ts";
import { listingLeadImage, toCategoryView } from "./view-shapers.ts";

export async function loadCategory(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const listing = await loadListing(request, CategoryParamsSchema, "category", (params, page) =>
    api.category(params.section, params.category, page),
  );
  if (!listing) return NOT_FOUND;
  const { params, page, data } = listing;
  const { section, category } = params;
  // A category only exists inside its own section: /sport/europe is not /world/europe.
  const belongs =
    data.section.slug === section &&
    data.category.slug === category &&
    data.section.categories.some((c) => c.slug === category);
  if (!belongs) return NOT_FOUND;
  const view = toCategoryView(publication, data, page);
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: listingTitle(site, page, data.category.name, data.section.name),
    description: data.category.description || data.section.description,
    canonicalPath: listingPath(hrefFor("content.category", { section, category }), page),
    type: "website",
    // The category's own lead story's photograph; a category has no card of its own, so
    // else its section's card.
    share: shareImageOf(site, listingLeadImage(data.articles, page), {
      kind: "section",
      slug: data.section.slug,
      title: data.section.name,
    }),
    jsonLd: [categoryBreadcrumbJsonLd(request.origin, data.section, data.category)],
  });
  return publicPage(head, view);
}
