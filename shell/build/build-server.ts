/**
 * The server half of a remote build (docs/decisions/0006): the fragment's root component,
 * bundled per build id into `mfe-<name>/dist/server/<buildId>/fragment-app.js`, and
 * `mfe-<name>/dist/server/releases.js`, which imports every kept build's component so that the
 * Worker can render whichever build the release registry names.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { build } from "esbuild";

const SERVER_FILE = "fragment-app.js";
/** The newsroom half of a build, when the fragment has newsroom screens (issue 13). */
const NEWSROOM_SERVER_FILE = "newsroom-app.js";
/** Where a fragment keeps its newsroom root component, exported as `NewsroomApp`. */
export const NEWSROOM_APP_SOURCE = join("src", "newsroom", "newsroom-app.tsx");

/** Shared with the Worker at run time: one React (hooks) and one zod per isolate. */
const external = ["react", "react/*", "react-dom", "react-dom/*", "zod", "zod/*"];

export function serverBuildFile(root: string, buildId: string): string {
  return join(root, "dist", "server", buildId, SERVER_FILE);
}

export function newsroomServerBuildFile(root: string, buildId: string): string {
  return join(root, "dist", "server", buildId, NEWSROOM_SERVER_FILE);
}

/**
 * Bundles `src/ui/fragment-app.tsx` (its `FragmentApp`) for one build id, and
 * `src/newsroom/newsroom-app.tsx` (its `NewsroomApp`) when the fragment has one, unless they
 * exist.
 */
export async function buildServerApp(root: string, buildId: string, mode: string): Promise<void> {
  await bundleServerModule(
    root,
    serverBuildFile(root, buildId),
    `export { FragmentApp as App } from "./src/ui/fragment-app.tsx";`,
    mode,
  );
  if (existsSync(join(root, NEWSROOM_APP_SOURCE))) {
    await bundleServerModule(
      root,
      newsroomServerBuildFile(root, buildId),
      `export { NewsroomApp } from "./${NEWSROOM_APP_SOURCE.replaceAll("\\", "/")}";`,
      mode,
    );
  } else if (existsSync(join(root, "src", "client", "newsroom-entry.tsx"))) {
    console.warn(
      `${root}: src/client/newsroom-entry.tsx exists but ${NEWSROOM_APP_SOURCE} does not; ` +
        "kept builds will render newsroom pages with the Worker's own NewsroomApp",
    );
  }
}

async function bundleServerModule(
  root: string,
  target: string,
  contents: string,
  mode: string,
): Promise<void> {
  if (existsSync(target)) return;
  const dir = dirname(target);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(target)}.${process.pid}`);
  await build({
    stdin: {
      contents,
      resolveDir: root,
      sourcefile: "server-entry.ts",
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2023",
    jsx: "automatic",
    external,
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import"],
    define: { "process.env.NODE_ENV": JSON.stringify(mode) },
    minify: mode === "production",
    legalComments: "none",
    logLevel: "warning",
    outfile: tmp,
  });
  renameSync(tmp, target);
}

/**
 * `dist/server/pinned.json`: the builds the release registry serves or would roll back to,
 * written by `npm run release|rollback`; the build never removes them.
 */
export function pinnedBuildsFile(root: string): string {
  return join(root, "dist", "server", "pinned.json");
}

export function readPinnedBuilds(root: string): string[] {
  try {
    const value: unknown = JSON.parse(readFileSync(pinnedBuildsFile(root), "utf8"));
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function writePinnedBuilds(root: string, buildIds: string[]): void {
  mkdirSync(join(root, "dist", "server"), { recursive: true });
  writeFileSync(pinnedBuildsFile(root), JSON.stringify([...new Set(buildIds)]));
}

export interface KeptBuild {
  buildId: string;
  stylesheets: string[];
}

/**
 * Removes server bundles of builds that are no longer kept and rewrites `releases.js` for the
 * kept builds that have one. The file is only written when it changes, because `wrangler dev`
 * reloads the Worker whenever it does.
 */
export function writeReleaseMap(root: string, kept: KeptBuild[]): string[] {
  const serverRoot = join(root, "dist", "server");
  mkdirSync(serverRoot, { recursive: true });
  const keptIds = new Set(kept.map((b) => b.buildId));
  for (const entry of readdirSync(serverRoot, { withFileTypes: true })) {
    if (entry.isDirectory() && !keptIds.has(entry.name))
      rmSync(join(serverRoot, entry.name), { recursive: true, force: true });
  }
  const carried = kept
    .filter((b) => existsSync(serverBuildFile(root, b.buildId)))
    .sort((a, b) => a.buildId.localeCompare(b.buildId));
  const withNewsroom = new Set(
    carried
      .filter((b) => existsSync(newsroomServerBuildFile(root, b.buildId)))
      .map((b) => b.buildId),
  );
  const lines = [
    "// Generated by shell/build/build-remote.ts: the server half of every kept build.",
    ...carried.flatMap((b, i) => [
      `import { App as app${i} } from "./${b.buildId}/${SERVER_FILE}";`,
      ...(withNewsroom.has(b.buildId)
        ? [`import { NewsroomApp as newsroom${i} } from "./${b.buildId}/${NEWSROOM_SERVER_FILE}";`]
        : []),
    ]),
    "export const releases = {",
    ...carried.map((b, i) => {
      const newsroom = withNewsroom.has(b.buildId) ? ` NewsroomApp: newsroom${i},` : "";
      return `  ${JSON.stringify(b.buildId)}: { App: app${i},${newsroom} stylesheets: ${JSON.stringify(b.stylesheets)} },`;
    }),
    "};",
    "",
  ];
  const text = lines.join("\n");
  const file = join(serverRoot, "releases.js");
  if (!existsSync(file) || readFileSync(file, "utf8") !== text) {
    const tmp = join(serverRoot, `.releases.${process.pid}.js`);
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  }
  return carried.map((b) => b.buildId);
}
