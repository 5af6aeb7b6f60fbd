import { z } from "zod";
import { BuildIdSchema, type FragmentName } from "../contract/fragment-contract.ts";

/** The static-assets binding of a Worker (Workers Static Assets). */
export interface AssetsBinding {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

/**
 * `current.json` sits beside the versioned build folders and names the live build.
 * It is written by the remote build (`shell/build/build-remote.ts`).
 */
export const CurrentBuildSchema = z.object({
  buildId: BuildIdSchema,
  stylesheets: z.array(z.string()),
  builtAt: z.string(),
});
export type CurrentBuild = z.infer<typeof CurrentBuildSchema>;

const ASSET_ORIGIN = "https://assets.internal";
const BUILD_TTL_MS = 5_000;
/** Settled pointers only: no request awaits a read another request started (decision 0014). */
const cachedBuilds = new Map<string, { at: number; build: CurrentBuild }>();

/** Reads the `current.json` build pointer under `prefix` (e.g. `/_mf/content` or `/_shell`). */
export async function readBuildPointer(
  assets: AssetsBinding,
  prefix: string,
): Promise<CurrentBuild> {
  const cached = cachedBuilds.get(prefix);
  const now = Date.now();
  if (cached && now - cached.at < BUILD_TTL_MS) return cached.build;
  const response = await assets.fetch(`${ASSET_ORIGIN}${prefix}/current.json`);
  if (!response.ok) throw new Error(`No current build under ${prefix} (${response.status})`);
  const build = CurrentBuildSchema.parse(await response.json());
  cachedBuilds.set(prefix, { at: now, build });
  return build;
}

export function readCurrentBuild(assets: AssetsBinding, name: FragmentName): Promise<CurrentBuild> {
  return readBuildPointer(assets, `/_mf/${name}`);
}

/**
 * Serves a file of the remote's browser build. Files inside a build folder never change
 * (their folder is named by the build id), so they are immutable; anything else is not.
 */
export async function serveRemoteAsset(assets: AssetsBinding, request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed", { status: 405 });
  }
  const url = new URL(request.url);
  const response = await assets.fetch(new Request(`${ASSET_ORIGIN}${url.pathname}`, request));
  if (!response.ok && response.status !== 304) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const headers = new Headers(response.headers);
  const inBuildFolder = /^\/_mf\/[a-z]+\/[a-z0-9]{6,32}\//.test(url.pathname);
  const isManifest = url.pathname.endsWith(".json");
  headers.set(
    "cache-control",
    inBuildFolder && !isManifest ? "public, max-age=31536000, immutable" : "no-cache",
  );
  headers.set("access-control-allow-origin", "*");
  headers.set("x-content-type-options", "nosniff");
  return new Response(response.body, { status: response.status, headers });
}
