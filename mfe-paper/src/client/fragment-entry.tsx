import { createFragmentClient } from "shell/fragment-kit/client";
import { FragmentApp } from "../ui/fragment-app.tsx";

/** The remote's exposed `./fragment` module (see FragmentClientModule in the shell contract). */
export const { hydrateFragment, renderFragment } = createFragmentClient("paper", FragmentApp);
