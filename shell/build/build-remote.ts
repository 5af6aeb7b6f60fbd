/**
 * Builds one fragment's browser remote: `npm run build -w mfe-<name>` runs this with the
 * fragment name. Output: `dist/client/_mf/<name>/<buildId>/` (remoteEntry, chunks,
 * mf-manifest.json, fragment.css), `dist/client/_mf/<name>/current.json`, and the server half
 * of the build: `dist/server/<buildId>/fragment-app.js` plus `dist/server/releases.js` naming
 * every kept build (docs/decisions/0006).
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import {
  REMOTE_ENTRY_FILE,
  REMOTE_EXPOSED_MODULE,
  REMOTE_NEWSROOM_MODULE,
  fragmentNames,
  remoteAssetPrefix,
  remoteContainerName,
  type FragmentName,
} from "../src/contract/fragment-contract.ts";
import { buildServerApp, readPinnedBuilds, writeReleaseMap } from "./build-server.ts";
import {
  buildMode,
  bundlerRuntimeRequest,
  commonRspackOptions,
  computeBuildId,
  writeStylesheet,
} from "./rspack-common.ts";
import { moveSourceMaps, runRspack } from "./run-rspack.ts";
import { findBundledSingletons, sharedSingletons } from "./shared-singletons.ts";

const KEEP_BUILDS = 5;

const name = process.argv[2] as FragmentName;
if (!fragmentNames.includes(name)) {
  console.error(`usage: build-remote.ts <${fragmentNames.join("|")}>`);
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..", "..", `mfe-${name}`);
const shellSrc = resolve(import.meta.dirname, "..", "src");
const mode = buildMode();
const buildId = computeBuildId(
  [
    join(root, "src"),
    join(shellSrc, "fragment-kit"),
    join(shellSrc, "contract"),
    // The build configuration is an input too: a changed option must give a new build.
    import.meta.dirname,
  ],
  `${mode}:${readFileSync(join(root, "package.json"), "utf8")}`,
);
const remoteRoot = join(root, "dist", "client", "_mf", name);
const outDir = join(remoteRoot, buildId);
mkdirSync(remoteRoot, { recursive: true });

/**
 * `./fragment` for readers; `./newsroom` beside it when the fragment has newsroom screens
 * (issue 13). The shell loads `./newsroom` only on newsroom routes, so readers never fetch it.
 */
function remoteExposes(): Record<string, string> {
  const exposes: Record<string, string> = {
    [REMOTE_EXPOSED_MODULE]: "./src/client/fragment-entry.tsx",
  };
  if (existsSync(join(root, "src", "client", "newsroom-entry.tsx"))) {
    exposes[REMOTE_NEWSROOM_MODULE] = "./src/client/newsroom-entry.tsx";
  }
  return exposes;
}

function stylesheetsOf(buildDir: string): string[] {
  return existsSync(join(buildDir, "fragment.css")) ? ["fragment.css"] : [];
}

/** Keeps the newest builds so that tabs opened on an older build can still load their code. */
function pruneAndWriteReleaseMap(): void {
  const builds = readdirSync(remoteRoot)
    .filter((entry) => !entry.startsWith(".") && statSync(join(remoteRoot, entry)).isDirectory())
    .sort((a, b) => statSync(join(remoteRoot, b)).mtimeMs - statSync(join(remoteRoot, a)).mtimeMs);
  // The builds the release registry serves or would roll back to stay too (npm run release).
  const pinned = new Set(readPinnedBuilds(root));
  const kept = builds.filter((id, i) => i < KEEP_BUILDS || pinned.has(id));
  for (const old of builds.filter((id) => !kept.includes(id)))
    rmSync(join(remoteRoot, old), { recursive: true });
  writeReleaseMap(
    root,
    kept.map((id) => ({ buildId: id, stylesheets: stylesheetsOf(join(remoteRoot, id)) })),
  );
}

function writeCurrent(): void {
  const stylesheets = existsSync(join(root, "src", "ui", "fragment.css")) ? ["fragment.css"] : [];
  const pointer = { buildId, stylesheets, builtAt: new Date().toISOString() };
  // Written to a temporary file and renamed, so a reader never sees half a pointer.
  const tmp = join(remoteRoot, `.current-${process.pid}.json`);
  writeFileSync(tmp, JSON.stringify(pointer, null, 2));
  renameSync(tmp, join(remoteRoot, "current.json"));
}

// Same sources give the same build id, so a finished build is never rebuilt: rebuilding would
// briefly remove files that open pages (and the running Worker) are serving.
const COMPLETE_MARKER = ".complete";
if (existsSync(join(outDir, COMPLETE_MARKER))) {
  const now = new Date();
  utimesSync(outDir, now, now);
  await buildServerApp(root, buildId, mode);
  writeCurrent();
  pruneAndWriteReleaseMap();
  console.log(`mfe-${name}: ${buildId} is already built (${mode})`);
  process.exit(0);
}
const tmpDir = join(remoteRoot, `.tmp-${buildId}-${process.pid}`);
const common = commonRspackOptions(root, mode);
await runRspack({
  ...common,
  resolve: {
    ...common.resolve,
    alias: {
      ...(common.resolve?.alias as Record<string, string>),
      // The bundler runtime is the shell's (src/fragment-kit/federation-bundler-runtime.ts).
      [`${bundlerRuntimeRequest()}$`]: join(
        shellSrc,
        "fragment-kit",
        "federation-bundler-runtime.ts",
      ),
    },
  },
  entry: {},
  optimization: {
    ...common.optimization,
    splitChunks: {
      // Code the two exposes share (the newsroom's preview renders the readers' article page)
      // stays in each expose instead of a chunk of its own: readers' pages load exactly the
      // files they did before the newsroom existed, and only staff download it twice.
      // Libraries (Lexical) still get their own chunks.
      cacheGroups: { default: false },
    },
  },
  output: {
    path: tmpDir,
    publicPath: remoteAssetPrefix(name, buildId),
    filename: "[name].[contenthash:8].js",
    chunkFilename: "[name].[contenthash:8].js",
    uniqueName: remoteContainerName(name),
  },
  plugins: [
    new rspack.DefinePlugin({ "process.env.NODE_ENV": JSON.stringify(mode) }),
    new ModuleFederationPlugin({
      name: remoteContainerName(name),
      filename: REMOTE_ENTRY_FILE,
      exposes: remoteExposes(),
      // The shell provides these; `import: false` keeps the remote from shipping a copy.
      shared: Object.fromEntries(
        sharedSingletons.map((lib) => [
          lib,
          { singleton: true, import: false, requiredVersion: false },
        ]),
      ),
      manifest: true,
      dts: false,
      // No remotes of its own and no manifest reading: the shell loads it by remoteEntry.js.
      experiments: { optimization: { disableSnapshot: true, disableRemote: true, target: "web" } },
    }),
  ],
});

moveSourceMaps(tmpDir, join(root, "dist", "source-maps", buildId));
const css = join(root, "src", "ui", "fragment.css");
if (existsSync(css)) await writeStylesheet(css, join(tmpDir, "fragment.css"), mode);

// The build fails when any remote file carries its own copy of a shared singleton.
for (const file of readdirSync(tmpDir).filter((f) => f.endsWith(".js"))) {
  const found = findBundledSingletons(readFileSync(join(tmpDir, file), "utf8"));
  if (found.length > 0) {
    rmSync(tmpDir, { recursive: true, force: true });
    console.error(`mfe-${name}: ${file} bundles its own copy of ${found.join(", ")}`);
    process.exit(1);
  }
}
// The server half first: once the browser build is complete, the Worker may be told to render it.
await buildServerApp(root, buildId, mode);
writeFileSync(join(tmpDir, COMPLETE_MARKER), new Date().toISOString());
rmSync(outDir, { recursive: true, force: true });
renameSync(tmpDir, outDir);
writeCurrent();
pruneAndWriteReleaseMap();

console.log(`mfe-${name}: built ${buildId} (${mode})`);
