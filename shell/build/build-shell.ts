/**
 * Builds the shell's browser code (the Module Federation host) into
 * `dist/client/_shell/<buildId>/` with `current.json` beside it, plus the site's root files.
 */
import { copyFileSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ModuleFederationPlugin } from "@module-federation/enhanced/rspack";
import { rspack } from "@rspack/core";
import { buildMode, commonRspackOptions, computeBuildId } from "./rspack-common.ts";
import { runRspack } from "./run-rspack.ts";
import { sharedSingletons } from "./shared-singletons.ts";

const KEEP_BUILDS = 5;
const root = resolve(import.meta.dirname, "..");
const mode = buildMode();
const buildId = computeBuildId(
  [join(root, "src"), join(root, "public")],
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

rmSync(outDir, { recursive: true, force: true });
await runRspack({
  ...commonRspackOptions(root, mode),
  entry: { main: "./src/client/shell-entry.ts" },
  output: {
    path: outDir,
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
          },
        ]),
      ),
      dts: false,
      manifest: false,
    }),
  ],
});

copyFileSync(join(root, "src", "ui", "shell.css"), join(outDir, "shell.css"));
for (const file of readdirSync(join(root, "public"))) {
  copyFileSync(join(root, "public", file), join(clientRoot, file));
}
writeFileSync(
  join(shellRoot, "current.json"),
  JSON.stringify({ buildId, stylesheets: ["shell.css"], builtAt: new Date().toISOString() }, null, 2),
);
const builds = readdirSync(shellRoot)
  .filter((entry) => statSync(join(shellRoot, entry)).isDirectory())
  .sort((a, b) => statSync(join(shellRoot, b)).mtimeMs - statSync(join(shellRoot, a)).mtimeMs);
for (const old of builds.slice(KEEP_BUILDS)) rmSync(join(shellRoot, old), { recursive: true });
console.log(`shell: built ${buildId} (${mode})`);
