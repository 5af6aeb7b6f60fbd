/**
 * The Worker's entry (wrangler `main`): the fragment Worker plus the server half of every kept
 * build, so the release registry decides which build renders (docs/decisions/0006). The
 * generated `#releases` module is `dist/server/releases.js`, written by `npm run build`.
 */
import { registerReleases } from "shell/fragment-kit/server";
import { releases } from "#releases";
import worker from "./src/worker/fragment-worker.ts";

registerReleases("content", releases);

export default worker;
