/**
 * Builds the shell's browser code (the Module Federation host) into
 * `dist/client/_shell/<buildId>/` with `current.json` beside it, plus the site's root files.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
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
  buildMode,
  commonRspackOptions,
  computeBuildId,
  writeStylesheet,
} from "./rspack-common.ts";
import { moveSourceMaps, runRspack } from "./run-rspack.ts";
import { sharedSingletons } from "./shared-singletons.ts";

const KEEP_BUILDS = 5;
const root = resolve(import.meta.dirname, "..");
const mode = buildMode();
// The build configuration is an input too: a changed option must give a new build, not reuse one.
const buildId = computeBuildId(
  [join(root, "src"), join(root, "public"), join(root, "build")],
  `${mode}:${readFileSync(join(root, "package.json"), "utf8")}`,
);
const clientRoot = join(root, "dist", "client");
const shellRoot = join(clientRoot, "_shell");
const outDir = join(shellRoot, buildId);

const reactVersion = JSON.parse(
  readFileSync(resolve(root, "..", "node_modules", "react", "package.json"), "utf8"),
).version as string;
const routerVersion = JSON.parse(
  readFileSync(resolve(root, "..", "node_modules", "react-router", "package.json"), "utf8"),
).version as string;

function writeCurrent(): void {
  const pointer = { buildId, stylesheets: ["shell.css"], builtAt: new Date().toISOString() };
  const tmp = join(shellRoot, `.current-${process.pid}.json`);
  writeFileSync(tmp, JSON.stringify(pointer, null, 2));
  renameSync(tmp, join(shellRoot, "current.json"));
}

function copyRootFiles(): void {
  for (const file of readdirSync(join(root, "public"))) {
    copyFileSync(join(root, "public", file), join(clientRoot, file));
  }
}

// Same sources, same build id: a finished build is reused rather than rebuilt in place.
const COMPLETE_MARKER = ".complete";
mkdirSync(shellRoot, { recursive: true });
if (existsSync(join(outDir, COMPLETE_MARKER))) {
  const now = new Date();
  utimesSync(outDir, now, now);
  copyRootFiles();
  writeCurrent();
  console.log(`shell: ${buildId} is already built (${mode})`);
  process.exit(0);
}
const tmpDir = join(shellRoot, `.tmp-${buildId}-${process.pid}`);
await runRspack({
  ...commonRspackOptions(root, mode),
  entry: { main: "./src/client/shell-entry.ts" },
  output: {
    path: tmpDir,
    publicPath: `/_shell/${buildId}/`,
    filename: "[name].js",
    chunkFilename: "[name].[contenthash:8].js",
    uniqueName: "shell",
  },
  plugins: [
    new rspack.DefinePlugin({ "process.env.NODE_ENV": JSON.stringify(mode) }),
    new ModuleFederationPlugin({
      name: "shell",
      remotes: {},
      shared: Object.fromEntries(
        sharedSingletons.map((lib) => [
          lib,
          {
            singleton: true,
            requiredVersion: lib === "react-router" ? `^${routerVersion}` : `^${reactVersion}`,
            version: lib === "react-router" ? routerVersion : reactVersion,
            ...(lib === "react-router" ? { treeShaking: { mode: "runtime-infer" as const } } : {}),
          },
        ]),
      ),
      dts: false,
      manifest: false,
      // The shell lends its Module Federation runtime to the remotes, which do not bundle
      // their own (src/client/federation-runtime-provider.ts, 0007-javascript-budget).
      runtimePlugins: [join(root, "src", "client", "federation-runtime-provider.ts")],
      // Remotes are registered by their remoteEntry.js, so no manifest (snapshot) code.
      experiments: { optimization: { disableSnapshot: true, target: "web" } },
    }),
  ],
});

moveSourceMaps(tmpDir, join(root, "dist", "source-maps", buildId));
await writeStylesheet(join(root, "src", "ui", "shell.css"), join(tmpDir, "shell.css"), mode);
writeFileSync(join(tmpDir, COMPLETE_MARKER), new Date().toISOString());
rmSync(outDir, { recursive: true, force: true });
renameSync(tmpDir, outDir);
copyRootFiles();
writeCurrent();
const builds = readdirSync(shellRoot)
  .filter((entry) => !entry.startsWith(".") && statSync(join(shellRoot, entry)).isDirectory())
  .sort((a, b) => statSync(join(shellRoot, b)).mtimeMs - statSync(join(shellRoot, a)).mtimeMs);
for (const old of builds.slice(KEEP_BUILDS)) rmSync(join(shellRoot, old), { recursive: true });
console.log(`shell: built ${buildId} (${mode})`);
