import { createFragmentWorker } from "shell/fragment-kit/server";
import { NewsroomApp } from "../newsroom/newsroom-app.tsx";
import { FragmentApp } from "../ui/fragment-app.tsx";
import { loadPaperRoute } from "./paper-routes.ts";
import type { PaperEnv } from "./fragment-env.ts";

export const paperWorker = createFragmentWorker<PaperEnv>({
  name: "paper",
  load: (request, env) => loadPaperRoute(request, env),
  App: FragmentApp,
  // The print desk's screens (paper.newsroom-print* routes; the remote's `./newsroom` module).
  NewsroomApp,
});

// The trusted handler: worker-entry.ts runs it behind the `Internal` entrypoint only.
export default paperWorker;
