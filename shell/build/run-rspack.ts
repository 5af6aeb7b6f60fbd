import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { rspack, type RspackOptions } from "@rspack/core";

export function runRspack(config: RspackOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats) return reject(new Error("rspack gave no stats"));
      const info = stats.toString({ colors: false, preset: "errors-warnings" });
      if (stats.hasErrors()) return reject(new Error(info));
      if (info.trim()) console.log(info);
      resolve();
    });
  });
}

/**
 * Moves the source maps of a build out of the served folder into `toDir` (`dist/source-maps/<buildId>`):
 * `npm run check:js-budget` reads them to tell which bytes of a script are which package's.
 */
export function moveSourceMaps(fromDir: string, toDir: string): void {
  mkdirSync(toDir, { recursive: true });
  for (const file of readdirSync(fromDir).filter((name) => name.endsWith(".js.map"))) {
    renameSync(join(fromDir, file), join(toDir, file));
  }
}
