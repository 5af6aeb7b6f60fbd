import type { MediaUploadFailure } from "edge-api/client";
import { MEDIA_FORMATS } from "edge-api/contract/media";
import { hrefFor } from "shell/contract/addresses";
import { UPLOAD_MAX_FILE_BYTES } from "shell/contract";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import type { MediaLibraryView, MediaUploadView } from "../ui/media-views.ts";
import type { ProblemView } from "../ui/newsroom-views.ts";
import { MEDIA_TEXT_LIMITS, mediaTextProblems } from "./media-fields.ts";
import { mediaImage } from "./media-image-view.ts";
import {
  readUploadForm,
  streamOf,
  type MediaTextValues,
  type MediaUploadContext,
} from "./media-upload.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  newsroomPage,
  publicationView,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom/media` (issue 16, decision 0022): the library, newest first, searched with a plain
 * GET form (`?q=`) and paged with a "More" link (`?cursor=`, keeping `q`), with the upload form
 * at the top: a multipart POST here (the shell streams it through, decision 0022) sends the
 * photograph to the API and goes on to its own page to set the focal point and crops; a refusal
 * is the library again with the problem on its field and what was typed kept.
 */

const TITLE = "Photographs";
const QUERY_MAX = 200;
/** The grid's thumbnails: about 12rem wide, two across on a phone. */
export const THUMBNAIL_SIZES = "(min-width: 40rem) 12rem, 50vw";
const ACCEPT = MEDIA_FORMATS.map((format) => `image/${format}`).join(",");
const NO_FILE = "Choose a photograph to upload (JPEG, PNG, WebP or AVIF).";

interface UploadState {
  values: MediaTextValues;
  problems: ProblemView[];
  status: PageStatus;
}

function uploadView(state: UploadState | null): MediaUploadView {
  return {
    accept: ACCEPT,
    maxBytes: UPLOAD_MAX_FILE_BYTES,
    values: state?.values ?? { alt: "", caption: "", credit: "" },
    limits: { ...MEDIA_TEXT_LIMITS },
    problems: state?.problems ?? [],
  };
}

export function loadMediaLibrary(
  context: NewsroomContext,
  uploads: MediaUploadContext,
): Promise<LoadOutcome> {
  return answering(async () => {
    if (!context.isPost) return libraryPage(context, null);
    return upload(context, uploads);
  });
}

/** The library page: the search, the photographs, and the upload form (refused or empty). */
async function libraryPage(
  context: NewsroomContext,
  state: UploadState | null,
): Promise<LoadOutcome> {
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
    upload: uploadView(state),
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
  const title = state ? `${TITLE}: upload refused` : query ? `${TITLE}: ${query}` : TITLE;
  return newsroomPage(context, title, view, state?.status ?? 200);
}

/**
 * The upload: the form read from the streamed body, checked (a file, alt text, the limits)
 * before the API is asked, then the file's bytes sent on as this person.
 */
async function upload(context: NewsroomContext, uploads: MediaUploadContext): Promise<LoadOutcome> {
  const refused = (values: MediaTextValues, problems: ProblemView[], status: PageStatus) =>
    libraryPage(context, { values, problems, status });
  // A form that came urlencoded carries no file (the browser sends files only as multipart).
  if (!uploads.upload) {
    const text = (name: "alt" | "caption" | "credit") => (context.form[name] ?? "").trim();
    const values = { alt: text("alt"), caption: text("caption"), credit: text("credit") };
    return refused(values, [{ field: "file", message: NO_FILE }], 400);
  }
  const read = await readUploadForm(uploads.upload);
  if (!read.ok)
    return refused(read.values, [{ field: "file", message: read.message }], read.status);
  const { values, file } = read;
  const problems = mediaTextProblems((name) => values[name]);
  if (!file) return refused(values, [{ field: "file", message: NO_FILE }, ...problems], 400);
  if (problems.length > 0) return refused(values, problems, 422);
  const result = await uploads.send({
    body: streamOf(file),
    length: file.size,
    query: {
      alt: values.alt,
      ...(values.caption ? { caption: values.caption } : {}),
      ...(values.credit ? { credit: values.credit } : {}),
    },
  });
  if (result.ok) {
    return seeOther(
      hrefFor("content.newsroom-media-item", { id: result.data.id }, { done: "uploaded" }),
    );
  }
  const common = commonFailure(context, result, "upload photographs");
  if (common) return common;
  const answer = apiRefusal(result);
  if (!answer) throw apiUnavailable("media upload", result);
  return refused(values, [answer.problem], answer.status);
}

/** The API's refusal on the field it names (the file unless alt, caption or credit). */
function apiRefusal(
  failure: MediaUploadFailure,
): { problem: ProblemView; status: 400 | 413 | 415 | 422 } | null {
  const status = failure.status;
  if (status !== 400 && status !== 413 && status !== 415 && status !== 422) return null;
  const field = failure.field && failure.field in MEDIA_TEXT_LIMITS ? failure.field : "file";
  const message =
    failure.message ||
    (field === "file"
      ? "The photograph could not be taken. Upload a JPEG, PNG, WebP or AVIF."
      : "Check this field and upload again.");
  return { problem: { field, message }, status };
}
