import { createFragmentWorker } from "shell/fragment-kit/server";
import { FragmentApp } from "../ui/fragment-app.tsx";
import { loadPaperRoute } from "./paper-routes.ts";
import type { PaperEnv } from "./fragment-env.ts";

export const paperWorker = createFragmentWorker<PaperEnv>({
  name: "paper",
  load: (request, env) => loadPaperRoute(request, env),
  App: FragmentApp,
});

// The Workers runtime finds a module Worker's handlers on its default export.
export default paperWorker;
