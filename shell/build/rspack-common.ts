import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RspackOptions } from "@rspack/core";
import { transform } from "esbuild";

export type BuildMode = "production" | "development";

export function buildMode(): BuildMode {
  return process.env.NODE_ENV === "development" ? "development" : "production";
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "dist" || /\.test\.tsx?$/.test(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else out.push(path);
  }
  return out.sort();
}

/**
 * A build id is a hash of everything that goes into a browser build, so the same sources
 * always give the same id and a changed file always gives a new one.
 */
export function computeBuildId(dirs: string[], extra: string): string {
  const hash = createHash("sha256");
  hash.update(extra);
  for (const dir of dirs) {
    for (const file of listFiles(dir)) {
      hash.update(file.slice(dir.length));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * rspack's Module Federation plugin imports the bundler runtime by its CommonJS file, which
 * pulls the CommonJS builds of the runtime and sdk: nothing in them can be tree-shaken, so the
 * `experiments.optimization` switches (no snapshot, web only, no remotes in a remote) removed
 * nothing. The same packages' ES module builds let rspack drop what those switches turn off.
 */
function federationRuntimeAsEsm(): Record<string, string> {
  const packages = ["@module-federation/webpack-bundler-runtime", "@module-federation/runtime"];
  return Object.fromEntries(
    packages.map((name) => {
      const cjs = resolveLikeRspack(name);
      return [`${cjs}$`, cjs.replace(/\.cjs$/, ".js")];
    }),
  );
}

/** A package as rspack's Module Federation plugin resolves it (from runtime-tools, CommonJS). */
function resolveLikeRspack(name: string): string {
  const tools = createRequire(import.meta.url).resolve("@module-federation/runtime-tools");
  return createRequire(tools).resolve(name);
}

/** The request by which rspack's federation entry imports the bundler runtime. */
export function bundlerRuntimeRequest(): string {
  return resolveLikeRspack("@module-federation/webpack-bundler-runtime");
}

export function commonRspackOptions(context: string, mode: BuildMode): RspackOptions {
  return {
    mode,
    context,
    target: ["web", "es2022"],
    // Hidden maps, moved out of the served folder by the builds (see moveSourceMaps).
    devtool: mode === "production" ? "hidden-source-map" : false,
    resolve: {
      alias: federationRuntimeAsEsm(),
      extensions: [".tsx", ".ts", ".js", ".mjs"],
      conditionNames: ["browser", "import", "module", "default"],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: "builtin:swc-loader",
          type: "javascript/auto",
          options: {
            jsc: {
              parser: { syntax: "typescript", tsx: true },
              transform: { react: { runtime: "automatic", development: false } },
              target: "es2022",
            },
          },
        },
      ],
    },
    optimization: { minimize: mode === "production" },
    performance: { hints: false },
    stats: "errors-warnings",
  };
}

/**
 * Copies a hand-written stylesheet into a build, minified in production: the stylesheets are
 * render-blocking, so every byte of them delays the first paint (docs/performance.md).
 */
export async function writeStylesheet(
  source: string,
  target: string,
  mode: BuildMode,
): Promise<void> {
  const css = readFileSync(source, "utf8");
  if (mode !== "production") {
    writeFileSync(target, css);
    return;
  }
  const result = await transform(css, { loader: "css", minify: true, sourcefile: source });
  writeFileSync(target, result.code);
}
