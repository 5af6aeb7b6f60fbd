import { createFragmentClient } from "shell/fragment-kit/client";
import { NewsroomApp } from "../newsroom/newsroom-app.tsx";

/**
 * The remote's exposed `./newsroom` module: the print desk's screens, loaded by the shell on
 * newsroom routes only. The readers' `./fragment` never imports `src/newsroom`.
 */
export const { hydrateFragment, renderFragment } = createFragmentClient("paper", NewsroomApp);
