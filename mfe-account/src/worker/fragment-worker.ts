import { createFragmentWorker } from "shell/fragment-kit/server";
import { FragmentApp } from "../ui/fragment-app.tsx";
import { loadAccountRoute } from "./account-routes.ts";
import type { AccountEnv } from "./fragment-env.ts";

export const accountWorker = createFragmentWorker<AccountEnv>({
  name: "account",
  load: loadAccountRoute,
  App: FragmentApp,
});

// The Workers runtime finds a module Worker's handlers on its default export.
export default accountWorker;
