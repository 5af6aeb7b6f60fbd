import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { MediaLibraryView } from "../ui/media-views.ts";
import { mediaImage } from "./media-image-view.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  newsroomPage,
  publicationView,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom/media` (issue 16, decision 0022): the library, newest first, searched with a plain
 * GET form (`?q=`) and paged with a "More" link (`?cursor=`, keeping `q`). Upload is not here
 * yet: the screen offers only what works.
 */

const TITLE = "Photographs";
const QUERY_MAX = 200;
/** The grid's thumbnails: about 12rem wide, two across on a phone. */
export const THUMBNAIL_SIZES = "(min-width: 40rem) 12rem, 50vw";

export function loadMediaLibrary(context: NewsroomContext): Promise<LoadOutcome> {
  return answering(async () => {
    const query = (context.query.get("q") ?? "").trim().slice(0, QUERY_MAX);
    const cursor = context.query.get("cursor") ?? "";
    const result = await context.api.call("mediaLibrary", {
      query: { ...(query ? { q: query } : {}), ...(cursor ? { cursor } : {}) },
    });
    const library = hrefFor("content.newsroom-media");
    const firstHref = cursor
      ? hrefFor("content.newsroom-media", {}, query ? { q: query } : {})
      : null;
    const base: MediaLibraryView = {
      view: "media-library",
      publication: publicationView(context.publication),
      action: library,
      query,
      items: [],
      moreHref: null,
      firstHref,
      problem: null,
    };
    if (!result.ok) {
      const common = commonFailure(context, result, "open the media library");
      if (common) return common;
      // A cursor the API cannot read (an old or edited address): say so, link to the newest.
      if (result.status === 400) {
        const problem =
          "This page of the library could not be found. Start again from the newest photographs.";
        return newsroomPage(context, TITLE, { ...base, problem, firstHref: library }, 400);
      }
      throw apiUnavailable("media library", result);
    }
    const { items, nextCursor } = result.data;
    const view: MediaLibraryView = {
      ...base,
      items: items.map((media) => ({
        id: media.id,
        href: hrefFor("content.newsroom-media-item", { id: media.id }),
        image: mediaImage(media, "square", THUMBNAIL_SIZES, 640),
        credit: media.credit,
        createdAt: media.createdAt,
      })),
      moreHref: nextCursor
        ? hrefFor(
            "content.newsroom-media",
            {},
            { ...(query ? { q: query } : {}), cursor: nextCursor },
          )
        : null,
    };
    return newsroomPage(context, query ? `${TITLE}: ${query}` : TITLE, view);
  });
}
