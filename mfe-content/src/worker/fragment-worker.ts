import { createFragmentWorker } from "shell/fragment-kit/server";
import { FragmentApp } from "../ui/fragment-app.tsx";
import type { ContentEnv } from "./content-env.ts";
import { loadContentRoute } from "./route-loader.ts";

export default createFragmentWorker<ContentEnv>({
  name: "content",
  load: loadContentRoute,
  App: FragmentApp,
});
