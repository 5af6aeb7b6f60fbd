import type { ApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { BodyBlock } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import { dataOrMissing } from "./api-results.ts";
import { NOT_FOUND, publicPage } from "./load-outcomes.ts";
import { buildHead, pageSite, pageTitle } from "./page-heads.ts";
import { SlugParamsSchema } from "./route-params.ts";
import { CORRECTIONS_PAGE_SLUG, toStaticPageView } from "./view-shapers.ts";

/** `?cursor=` of the corrections list, when it is one the API could have issued. */
function readCursor(search: string): string | undefined {
  const cursor = new URLSearchParams(search).get("cursor");
  return cursor && cursor.length <= 200 ? cursor : undefined;
}

function firstParagraph(body: BodyBlock[]): string {
  const paragraph = body.find((block) => block.type === "paragraph");
  return paragraph?.type === "paragraph" ? paragraph.text : "";
}

export async function loadStaticPage(
  request: FragmentRequest,
  api: ApiClient,
  publication: Publication,
): Promise<LoadOutcome> {
  const params = SlugParamsSchema.safeParse(request.params);
  if (!params.success) return NOT_FOUND;
  const isCorrections = params.data.slug === CORRECTIONS_PAGE_SLUG;
  const cursor = isCorrections ? readCursor(request.search) : undefined;
  const [page, corrections] = await Promise.all([
    api.page(params.data.slug),
    isCorrections ? api.corrections(cursor) : null,
  ]);
  const data = dataOrMissing(page, "page");
  if (!data) return NOT_FOUND;
  // A cursor the API does not know is a page that does not exist (400 -> null).
  const list = corrections ? dataOrMissing(corrections, "corrections") : null;
  if (corrections && !list) return NOT_FOUND;
  const site = pageSite(request, publication);
  const head = buildHead({
    site,
    title: pageTitle(site, data.page.title),
    description: firstParagraph(data.page.body),
    canonicalPath: hrefFor("content.page", { slug: data.page.slug }),
    type: "website",
  });
  return publicPage(head, toStaticPageView(publication, data, list));
}
