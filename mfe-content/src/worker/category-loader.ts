import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { dataOrMissing } from "./api-results.ts";
import { NOT_FOUND, PUBLIC_PAGE_CACHE } from "./load-outcomes.ts";
import { hrefFor } from "shell/contract/addresses";
import { buildHead, categoryBreadcrumbJsonLd, pageSite, pageTitle } from "./page-heads.ts";
import { CategoryParamsSchema, listingPath, readListingQuery } from "./route-params.ts";
import { toCategoryView } from "./view-shapers.ts";

export async function loadCategory(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = CategoryParamsSchema.safeParse(request.params);
  const query = readListingQuery(request.search);
  if (!params.success || !query.ok) return NOT_FOUND;
  const { section, category } = params.data;
  const data = dataOrMissing(await api.category(section, category, query.before), "category");
  // A category only exists inside its own section: /sport/europe is not /world/europe.
  const belongs =
    data !== null &&
    data.section.slug === section &&
    data.category.slug === category &&
    data.section.categories.some((c) => c.slug === category);
  if (!data || !belongs) return NOT_FOUND;
  const older = query.before === undefined ? [] : ["Older articles"];
  const view = toCategoryView(publication, data, query.before === undefined);
  const site = pageSite(request, publication);
  return {
    kind: "page",
    head: buildHead({
      site,
      title: pageTitle(site, ...older, data.category.name, data.section.name),
      description: data.category.description || data.section.description,
      canonicalPath: listingPath(hrefFor("content.category", { section, category }), query.before),
      type: "website",
      image: view.lead?.image ?? null,
      jsonLd: [categoryBreadcrumbJsonLd(request.origin, data.section, data.category)],
    }),
    props: view,
    cache: PUBLIC_PAGE_CACHE,
  };
}
