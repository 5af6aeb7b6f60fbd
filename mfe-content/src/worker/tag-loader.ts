import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { dataOrMissing } from "./api-results.ts";
import { NOT_FOUND, PUBLIC_PAGE_CACHE } from "./load-outcomes.ts";
import { hrefFor } from "shell/contract/addresses";
import { feedChannel } from "./feed-channels.ts";
import { buildHead, pageSite, pageTitle } from "./page-heads.ts";
import { listingPath, readListingQuery, SlugParamsSchema } from "./route-params.ts";
import { toTagView } from "./view-shapers.ts";

export async function loadTag(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = SlugParamsSchema.safeParse(request.params);
  const query = readListingQuery(request.search);
  if (!params.success || !query.ok) return NOT_FOUND;
  const data = dataOrMissing(await api.tag(params.data.slug, query.before), "tag");
  if (!data) return NOT_FOUND;
  const older = query.before === undefined ? [] : ["Older articles"];
  const { slug, name, description } = data.tag;
  const site = pageSite(request, publication);
  return {
    kind: "page",
    head: buildHead({
      site,
      title: pageTitle(site, ...older, `${data.tag.name}: articles tagged`),
      description: data.tag.description || `Articles tagged ${data.tag.name}.`,
      canonicalPath: listingPath(hrefFor("content.tag", { slug }), query.before),
      feed: feedChannel({ kind: "tag", slug, name, description }, site),
      type: "website",
    }),
    props: toTagView(publication, data),
    cache: PUBLIC_PAGE_CACHE,
  };
}
