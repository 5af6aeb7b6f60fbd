import { createFragmentClient } from "shell/fragment-kit/client";
import { FragmentApp } from "../ui/fragment-app.tsx";

/** The remote's exposed `./fragment` module (see `FragmentClientModule` in the contract). */
export const { hydrateFragment, renderFragment } = createFragmentClient("content", FragmentApp);
