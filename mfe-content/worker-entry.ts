/**
 * The Worker's entry (wrangler `main`): the fragment Worker plus the server half of every kept
 * build, so the release registry decides which build renders (docs/decisions/0006). The
 * generated `#releases` module is `dist/server/releases.js`, written by `npm run build`.
 *
 * The Worker is private (docs/decisions/0017): the shell's service binding names the `Internal`
 * entrypoint, the only one that renders; the default export answers 404 to everything.
 */
import { registerReleases } from "shell/fragment-kit/server";
import { bindingsOnly, internalEntrypoint } from "shell/fragment-kit/private-worker";
import { releases } from "#releases";
import type { ContentEnv } from "./src/worker/fragment-env.ts";
import worker from "./src/worker/fragment-worker.ts";

registerReleases("content", releases);

export const Internal = internalEntrypoint<ContentEnv>(worker);

export default bindingsOnly;
