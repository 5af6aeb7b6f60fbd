import { createFragmentWorker, type TrustedHandler } from "shell/fragment-kit/server";
import { NewsroomApp } from "../newsroom/newsroom-app.tsx";
import { FragmentApp } from "../ui/fragment-app.tsx";
import type { ContentEnv } from "./fragment-env.ts";
import { handlePublishingRequest, isPublishingPath } from "./publishing-routes.ts";
import { loadContentRoute } from "./route-loader.ts";

const kit = createFragmentWorker<ContentEnv>({
  name: "content",
  load: loadContentRoute,
  App: FragmentApp,
  // The story desk's screens (content.newsroom* routes; the remote's `./newsroom` module).
  NewsroomApp,
});

/**
 * The fragment kit answers render requests and serves the browser remote; feeds, sitemaps
 * and robots.txt arrive from the shell as ordinary GETs and are answered here first. Runs only
 * behind the `Internal` entrypoint (worker-entry.ts).
 */
export default {
  async fetch(request, env, ctx) {
    if (isPublishingPath(new URL(request.url).pathname)) {
      return handlePublishingRequest(request, env);
    }
    return kit.fetch(request, env, ctx);
  },
} satisfies TrustedHandler<ContentEnv>;
