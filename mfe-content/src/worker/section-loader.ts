import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { dataOrMissing } from "./api-results.ts";
import { NOT_FOUND, PUBLIC_PAGE_CACHE } from "./load-outcomes.ts";
import { hrefFor } from "shell/contract/addresses";
import { feedChannel } from "./feed-channels.ts";
import { buildHead, pageSite, pageTitle } from "./page-heads.ts";
import { listingPath, readListingQuery, SectionParamsSchema } from "./route-params.ts";
import { toSectionView } from "./view-shapers.ts";

export async function loadSection(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = SectionParamsSchema.safeParse(request.params);
  const query = readListingQuery(request.search);
  if (!params.success || !query.ok) return NOT_FOUND;
  const data = dataOrMissing(await api.section(params.data.section, query.before), "section");
  if (!data || data.section.slug !== params.data.section) return NOT_FOUND;
  const older = query.before === undefined ? [] : ["Older articles"];
  const view = toSectionView(publication, data, query.before === undefined);
  const { slug, name, description } = data.section;
  const site = pageSite(request, publication);
  return {
    kind: "page",
    head: buildHead({
      site,
      title: pageTitle(site, ...older, data.section.name),
      description: data.section.description,
      canonicalPath: listingPath(hrefFor("content.section", { section: slug }), query.before),
      feed: feedChannel({ kind: "section", slug, name, description }, site),
      type: "website",
      image: view.lead?.image ?? null,
    }),
    props: view,
    cache: PUBLIC_PAGE_CACHE,
  };
}
