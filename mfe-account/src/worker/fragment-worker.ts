import { createFragmentWorker } from "shell/fragment-kit/server";
import { NewsroomApp } from "../newsroom/newsroom-app.tsx";
import { FragmentApp } from "../ui/fragment-app.tsx";
import { loadAccountRoute } from "./account-routes.ts";
import type { AccountEnv } from "./fragment-env.ts";

export const accountWorker = createFragmentWorker<AccountEnv>({
  name: "account",
  load: loadAccountRoute,
  App: FragmentApp,
  // The account.newsroom-* routes (staff, roles, the second factor; issue 13).
  NewsroomApp,
});

// The trusted handler: worker-entry.ts runs it behind the `Internal` entrypoint only.
export default accountWorker;
