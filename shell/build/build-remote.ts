/**
 * Builds one fragment's browser remote: `npm run build -w mfe-<name>` runs this with the
 * fragment name. Output: `dist/client/_mf/<name>/<buildId>/` (remoteEntry, chunks,
 * mf-manifest.json, fragment.css) and `dist/client/_mf/<name>/current.json`.
 */
import {
  copyFileSync,
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
  fragmentNames,
  remoteAssetPrefix,
  remoteContainerName,
  type FragmentName,
} from "../src/contract/fragment-contract.ts";
import { buildMode, commonRspackOptions, computeBuildId } from "./rspack-common.ts";
import { runRspack } from "./run-rspack.ts";
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
  [join(root, "src"), join(shellSrc, "fragment-kit"), join(shellSrc, "contract")],
  `${mode}:${readFileSync(join(root, "package.json"), "utf8")}`,
);
const remoteRoot = join(root, "dist", "client", "_mf", name);
const outDir = join(remoteRoot, buildId);
mkdirSync(remoteRoot, { recursive: true });

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
  writeCurrent();
  console.log(`mfe-${name}: ${buildId} is already built (${mode})`);
  process.exit(0);
}
const tmpDir = join(remoteRoot, `.tmp-${buildId}-${process.pid}`);
await runRspack({
  ...commonRspackOptions(root, mode),
  entry: {},
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
      filename: "remoteEntry.js",
      exposes: { "./fragment": "./src/client/fragment-entry.tsx" },
      // The shell provides these; `import: false` keeps the remote from shipping a copy.
      shared: Object.fromEntries(
        sharedSingletons.map((lib) => [
          lib,
          { singleton: true, import: false, requiredVersion: false },
        ]),
      ),
      manifest: true,
      dts: false,
    }),
  ],
});

const css = join(root, "src", "ui", "fragment.css");
if (existsSync(css)) copyFileSync(css, join(tmpDir, "fragment.css"));

// The build fails when any remote file carries its own copy of a shared singleton.
for (const file of readdirSync(tmpDir).filter((f) => f.endsWith(".js"))) {
  const found = findBundledSingletons(readFileSync(join(tmpDir, file), "utf8"));
  if (found.length > 0) {
    rmSync(tmpDir, { recursive: true, force: true });
    console.error(`mfe-${name}: ${file} bundles its own copy of ${found.join(", ")}`);
    process.exit(1);
  }
}
writeFileSync(join(tmpDir, COMPLETE_MARKER), new Date().toISOString());
rmSync(outDir, { recursive: true, force: true });
renameSync(tmpDir, outDir);
writeCurrent();

// Keep the newest builds so that tabs opened on an older build can still load their code.
const builds = readdirSync(remoteRoot)
  .filter((entry) => !entry.startsWith(".") && statSync(join(remoteRoot, entry)).isDirectory())
  .sort((a, b) => statSync(join(remoteRoot, b)).mtimeMs - statSync(join(remoteRoot, a)).mtimeMs);
for (const old of builds.slice(KEEP_BUILDS)) rmSync(join(remoteRoot, old), { recursive: true });

console.log(`mfe-${name}: built ${buildId} (${mode})`);
