import { createApiClient, type ApiClient, type ApiFetcher } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { calendarDateIn } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { PrintDeskApi } from "./print-desk-api.ts";
import { answering, forbiddenPage, type PrintDeskContext } from "./print-desk-answers.ts";
import { printDeskClient } from "./print-desk-client.ts";
import { printDeskLoaders } from "./print-desk-loaders.ts";

/**
 * The print desk's routes (`paper.newsroom-print*`, issue 17). The shell keeps the door (staff
 * with the second factor only) and sends the person's access token; every call here is made
 * with it. The desk is for editors and admins: a contributor gets the 403 page at once (the
 * API refuses them too, and its 403 is the same page).
 */

export function isPrintDeskRoute(routeId: string): boolean {
  return Object.hasOwn(printDeskLoaders, routeId);
}

export interface PrintDeskSettings {
  publicationName: string;
  timeZone: string;
}

export function loadPrintDeskRoute(
  request: FragmentRequest,
  apiBinding: ApiFetcher,
  settings: PrintDeskSettings,
  now: Date,
  // Tests hand the loaders their own print desk; the Worker's is edge-api's, as the person.
  deskFor: (api: ApiClient) => PrintDeskApi = printDeskClient,
): Promise<LoadOutcome> {
  const isPost = request.method === "POST";
  const context: PrintDeskContext = {
    request,
    desk: deskFor(
      createApiClient(apiBinding, {
        requestId: request.requestId,
        client: request.client,
        accessToken: request.accessToken,
      }),
    ),
    publicationName: settings.publicationName,
    timeZone: settings.timeZone,
    query: new URLSearchParams(request.search),
    form: isPost ? (request.form ?? {}) : {},
    isPost,
    today: calendarDateIn(now, settings.timeZone),
  };
  const role = request.viewer?.role;
  if (role !== "editor" && role !== "admin") return Promise.resolve(forbiddenPage(context));
  const load = printDeskLoaders[request.routeId];
  if (!load) return Promise.resolve({ kind: "not-found" });
  return answering(() => load(context));
}
