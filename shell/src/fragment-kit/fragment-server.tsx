import type { ComponentType } from "react";
import { completeHtml } from "./complete-html.ts";
import {
  decodeFragmentRequest,
  FRAGMENT_LIVE_PATH,
  FRAGMENT_RENDER_PATH,
  FRAGMENT_REQUEST_HEADER,
  FRAGMENT_UPLOAD_PATH,
  FragmentRequestSchema,
  identifierPrefixFor,
  type CacheHint,
  type FragmentAnswer,
  type FragmentAppProps,
  type FragmentHead,
  type FragmentName,
  type FragmentRequest,
  type SessionChange,
  type pageStatuses,
} from "../contract/fragment-contract.ts";
import { acceptsUploads, newsroomAccessOf } from "../contract/site-addresses.ts";
import {
  cachedLiveRelease,
  registeredReleases,
  registerReleases,
  type ReleaseMap,
  type ReleaseStore,
} from "./release-registry.ts";
import { FragmentError } from "./fragment-errors.ts";
import { createLogger, errorDetail } from "./logger.ts";
import type { TrustedHandler } from "./private-worker.ts";
import { serveRemoteAsset, type AssetsBinding } from "./remote-assets.ts";

export type { AssetsBinding, ReleaseMap, ReleaseStore, TrustedHandler };
export { registerReleases };

/**
 * The server half of the fragment kit the shell publishes: turns a fragment's route loaders
 * and its React app into a Worker that speaks the fragment contract and serves its own
 * Module Federation remote.
 */

export type PageStatus = (typeof pageStatuses)[number];

export type LoadOutcome =
  | {
      kind: "page";
      head: FragmentHead;
      props: unknown;
      cache: CacheHint;
      /** 200 unless a form submission failed (400/401/403/409/413/415/422/429). */
      status?: PageStatus;
      retryAfter?: number;
      session?: SessionChange;
    }
  | {
      kind: "redirect";
      status: 301 | 302 | 303 | 307 | 308;
      location: string;
      session?: SessionChange;
    }
  | { kind: "not-found" }
  /** A file the reader asked for with a form POST (issue 15; the account fragment only). */
  | { kind: "download"; filename: string; contentType: "application/json"; body: string };

/**
 * A multipart form posted to a page that takes uploads (decision 0022): the body as the browser
 * sent it, streamed through the shell, which cuts it past UPLOAD_MAX_BODY_BYTES. The fragment
 * parses it and owns what happens to the file.
 */
export interface FragmentUpload {
  contentType: string;
  body: ReadableStream<Uint8Array> | null;
}

export interface FragmentWorkerOptions<Env> {
  name: FragmentName;
  /**
   * Loads data for a route; must not throw for missing data (answer `not-found`). `upload` is
   * there only for a multipart form posted to a route that takes uploads.
   */
  load(request: FragmentRequest, env: Env, upload?: FragmentUpload): Promise<LoadOutcome>;
  /** The fragment's root component; the browser hydrates the very same one. */
  App: ComponentType<FragmentAppProps>;
  /**
   * The root component of the fragment's newsroom screens (issue 13): routes with a `newsroom`
   * level in the route table render with it, and the browser hydrates them with the remote's
   * `./newsroom` module (`src/client/newsroom-entry.tsx`). Kept builds carry their own
   * (`src/newsroom/newsroom-app.tsx`, exporting `NewsroomApp`). Without it, every route renders
   * with `App`.
   */
  NewsroomApp?: ComponentType<FragmentAppProps>;
}

/**
 * The fragment's HTML, complete: every lazily loaded part rendered, never a Suspense fallback.
 *
 * `renderToString` builds the answer as one string: no stream, no encoding of every chunk to
 * bytes and decoding them again, no timers (issue 19: most of the render's CPU on workerd). It
 * cannot wait, so a part still loading (a `lazy` component's first use in this isolate, such as
 * the live blog) comes out as a client-rendered boundary: only then does the streaming renderer,
 * which waits for it, render the page again. The part is loaded from then on, so later renders
 * stay on the string path. Both write the same HTML for a finished tree (`fragment-html.test.tsx`).
 */
export async function renderFragmentHtml(
  name: FragmentName,
  App: ComponentType<FragmentAppProps>,
  routeId: string,
  props: unknown,
): Promise<string> {
  return completeHtml(<App routeId={routeId} props={props} />, {
    identifierPrefix: identifierPrefixFor(name),
  });
}

/** A newsroom route renders with the newsroom root when the fragment has one. */
function rootFor(
  routeId: string,
  build: {
    App: ComponentType<FragmentAppProps>;
    NewsroomApp?: ComponentType<FragmentAppProps> | undefined;
  },
): ComponentType<FragmentAppProps> {
  return newsroomAccessOf(routeId) !== null && build.NewsroomApp ? build.NewsroomApp : build.App;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * `RELEASES` is the release registry (KV). The data loaders are always this Worker's code; the
 * HTML is rendered by the live build's own root component (docs/decisions/0006).
 *
 * The handler trusts the render request's `client`, `viewer` and `accessToken`, so only the
 * Worker's `Internal` entrypoint may run it (`shell/fragment-kit/private-worker`:
 * `internalEntrypoint`); the Worker's default export is `bindingsOnly` (decision 0017).
 */
export function createFragmentWorker<
  Env extends { ASSETS: AssetsBinding; RELEASES?: ReleaseStore },
>(options: FragmentWorkerOptions<Env>): TrustedHandler<Env> {
  const { name, load, App, NewsroomApp } = options;
  const cachedRelease = cachedLiveRelease();
  const liveRelease = (env: Env, requestId: string) =>
    cachedRelease({
      name,
      requestId,
      store: env.RELEASES,
      assets: env.ASSETS,
      releases: registeredReleases(name),
      ownApp: App,
      ownNewsroomApp: NewsroomApp,
    });

  async function answerFor(
    request: FragmentRequest,
    env: Env,
    upload?: FragmentUpload,
  ): Promise<FragmentAnswer> {
    const outcome = await load(request, env, upload);
    if (outcome.kind !== "page") return outcome;
    const build = await liveRelease(env, request.requestId);
    const Root = rootFor(request.routeId, build);
    const html = await renderFragmentHtml(name, Root, request.routeId, outcome.props);
    return {
      kind: "page",
      status: outcome.status ?? 200,
      ...(outcome.retryAfter === undefined ? {} : { retryAfter: outcome.retryAfter }),
      ...(outcome.session === undefined ? {} : { session: outcome.session }),
      head: outcome.head,
      html,
      props: outcome.props,
      buildId: build.buildId,
      stylesheets: build.stylesheets.map((file) => `/_mf/${name}/${build.buildId}/${file}`),
      cache: outcome.cache,
    };
  }

  return {
    async fetch(request, env) {
      const url = new URL(request.url);
      if (url.pathname.startsWith(`/_mf/${name}/`)) {
        return serveRemoteAsset(env.ASSETS, request);
      }
      if (url.pathname === FRAGMENT_LIVE_PATH && request.method === "GET") {
        // The shell's id (edge-state.ts sends it); the registry's log lines carry it.
        const live = await liveRelease(
          env,
          (request.headers.get("x-request-id") ?? "").slice(0, 128),
        );
        // A build this Worker does not carry yet has no live answer: the shell then serves
        // without its edge cache until the Worker carries it (decision 0006).
        if (!live.carried) {
          return json({ error: { code: "build_not_carried", message: "Reloading." } }, 503);
        }
        return json({ buildId: live.buildId });
      }
      const isUpload = url.pathname === FRAGMENT_UPLOAD_PATH;
      if (url.pathname !== FRAGMENT_RENDER_PATH && !isUpload) {
        return json({ error: { code: "not_found", message: "No such fragment endpoint." } }, 404);
      }
      if (request.method !== "POST") {
        return json({ error: { code: "method_not_allowed", message: "Use POST." } }, 405);
      }
      // An upload's render request rides in a header, beside the multipart body it streams.
      const parsed = FragmentRequestSchema.safeParse(
        isUpload
          ? decodeFragmentRequest(request.headers.get(FRAGMENT_REQUEST_HEADER))
          : await request.json().catch(() => null),
      );
      if (!parsed.success) {
        return json({ error: { code: "bad_request", message: "Invalid render request." } }, 400);
      }
      if (isUpload && (parsed.data.method !== "POST" || !acceptsUploads(parsed.data.routeId))) {
        return json({ error: { code: "bad_request", message: "This page takes no upload." } }, 400);
      }
      const upload: FragmentUpload | undefined = isUpload
        ? { contentType: request.headers.get("content-type") ?? "", body: request.body }
        : undefined;
      try {
        return json(await answerFor(parsed.data, env, upload));
      } catch (error) {
        // The shell shows its own "unavailable" message; details stay in the log.
        createLogger(`mfe-${name}`, parsed.data.requestId).error("fragment_render_failed", {
          fragment: name,
          routeId: parsed.data.routeId,
          ...(error instanceof FragmentError ? { code: error.code } : {}),
          detail: errorDetail(error),
        });
        return json(
          {
            error: {
              code: "render_failed",
              message: "The fragment could not render.",
              requestId: parsed.data.requestId,
            },
          },
          500,
        );
      }
    },
  };
}
