import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { dataOrMissing } from "./api-results.ts";
import { NOT_FOUND, PUBLIC_PAGE_CACHE } from "./load-outcomes.ts";
import { hrefFor } from "shell/contract/addresses";
import { feedChannel } from "./feed-channels.ts";
import { buildHead, pageSite, pageTitle, personJsonLd } from "./page-heads.ts";
import { listingPath, readListingQuery, SlugParamsSchema } from "./route-params.ts";
import { toAuthorView } from "./view-shapers.ts";

export async function loadAuthor(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = SlugParamsSchema.safeParse(request.params);
  const query = readListingQuery(request.search);
  if (!params.success || !query.ok) return NOT_FOUND;
  const data = dataOrMissing(await api.author(params.data.slug, query.before), "author");
  if (!data) return NOT_FOUND;
  const older = query.before === undefined ? [] : ["Older articles"];
  const view = toAuthorView(publication, data);
  const { slug, name, title } = data.author;
  const site = pageSite(request, publication);
  return {
    kind: "page",
    head: buildHead({
      site,
      title: pageTitle(site, ...older, data.author.name),
      description: `${data.author.name}, ${data.author.title}. ${data.author.bio}`,
      canonicalPath: listingPath(hrefFor("content.author", { slug }), query.before),
      feed: feedChannel({ kind: "author", slug, name, title }, site),
      type: "profile",
      image: view.portrait,
      jsonLd: [personJsonLd(data.author, site)],
    }),
    props: view,
    cache: PUBLIC_PAGE_CACHE,
  };
}
