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
