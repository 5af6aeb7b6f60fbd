import { createFragmentClient } from "shell/fragment-kit/client";
import { NewsroomApp } from "../newsroom/newsroom-app.tsx";

/**
 * The remote's exposed `./newsroom` module: the newsroom screens' browser half, loaded by the
 * shell only on newsroom routes (same shape as `./fragment`, FragmentClientModule).
 */
export const { hydrateFragment, renderFragment } = createFragmentClient("account", NewsroomApp);
