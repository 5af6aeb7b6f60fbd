import { createApiClient, uploadMedia } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import type { Publication } from "shell/fragment-kit/publication";
import type { FragmentUpload, LoadOutcome } from "shell/fragment-kit/server";
import type { ApiFetcher } from "edge-api/client";
import { loadDesk } from "./desk-loader.ts";
import { loadFrontPage } from "./front-page-loader.ts";
import type { ImportApi } from "./import-api.ts";
import { importClient } from "./import-client.ts";
import { loadImportJob, loadImportPage } from "./import-loader.ts";
import { loadLiveDesk } from "./live-desk-loader.ts";
import { loadMediaItem } from "./media-item-loader.ts";
import { loadMediaLibrary } from "./media-library-loader.ts";
import type { MediaUploadContext } from "./media-upload.ts";
import type { NewsroomContext } from "./newsroom-answers.ts";
import { loadPreview } from "./preview-loader.ts";
import { loadRevisions } from "./revisions-loader.ts";
import { loadStoryEditor } from "./story-editor-loader.ts";
import { loadTaxonomyPage } from "./taxonomy-loader.ts";

/**
 * The story desk's routes (`content.newsroom*`). The shell keeps the door (staff with the
 * second factor only) and sends the person's access token; every call here is made with it,
 * and the API decides what the role may do.
 */

const param = (request: FragmentRequest, name: string): string => request.params[name] ?? "";

type Route = (
  context: NewsroomContext,
  uploads: MediaUploadContext,
  imports: ImportApi,
) => Promise<LoadOutcome>;

const routes: Readonly<Record<string, Route>> = {
  "content.newsroom": loadDesk,
  "content.newsroom-new-story": (context) => loadStoryEditor(context, null),
  "content.newsroom-story": (context) => loadStoryEditor(context, param(context.request, "id")),
  "content.newsroom-revisions": (context) => loadRevisions(context, param(context.request, "id")),
  "content.newsroom-live": (context) => loadLiveDesk(context, param(context.request, "id")),
  "content.newsroom-preview": (context) => loadPreview(context, param(context.request, "token")),
  "content.newsroom-sections": (context) => loadTaxonomyPage(context, "sections"),
  "content.newsroom-authors": (context) => loadTaxonomyPage(context, "authors"),
  "content.newsroom-tags": (context) => loadTaxonomyPage(context, "tags"),
  "content.newsroom-front-page": loadFrontPage,
  "content.newsroom-media": loadMediaLibrary,
  "content.newsroom-media-item": (context) => loadMediaItem(context, param(context.request, "id")),
  "content.newsroom-import": (context, uploads, imports) =>
    loadImportPage(context, { upload: uploads.upload, imports }),
  "content.newsroom-import-job": (context, uploads, imports) =>
    loadImportJob(context, { upload: uploads.upload, imports }, param(context.request, "id")),
};

export function isNewsroomRoute(routeId: string): boolean {
  return Object.hasOwn(routes, routeId);
}

/**
 * `upload` is the multipart body of a form posted to a route that takes uploads (the media
 * library, the Import screen); the route reads it and sends its file to the API as this person.
 * `imports` stands in for the API's imports in tests (issue 18).
 */
export function loadNewsroomRoute(
  request: FragmentRequest,
  apiBinding: ApiFetcher,
  publication: Publication,
  upload?: FragmentUpload,
  now: Date = new Date(),
  imports?: ImportApi,
): Promise<LoadOutcome> {
  const route = routes[request.routeId];
  if (!route) return Promise.resolve({ kind: "not-found" });
  const person = {
    requestId: request.requestId,
    client: request.client,
    accessToken: request.accessToken,
  };
  const api = createApiClient(apiBinding, person);
  const isPost = request.method === "POST";
  const context = {
    request,
    api,
    publication,
    query: new URLSearchParams(request.search),
    form: isPost ? (request.form ?? {}) : {},
    isPost,
    now,
  };
  return route(
    context,
    { upload, send: (media) => uploadMedia(apiBinding, media, person) },
    imports ?? importClient(apiBinding, person),
  );
}
