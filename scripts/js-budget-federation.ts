/**
 * How much of a served script is the Module Federation runtime, from the hidden source maps
 * that the shell and remote builds keep in `<package>/dist/source-maps/<buildId>/`.
 *
 * Method: every character of the minified file is attributed to the source its source-map
 * segment points at (a segment runs to the next one on its line). Characters from a
 * `@module-federation/*` package (runtime-core, runtime, sdk, error-codes, bundler runtime),
 * rspack's generated federation glue and runtime modules (sharing, consumes, remotes, container,
 * `embed_federation_runtime`…) and the shell's own lending code (`federation-*` files) count as
 * federation runtime; everything else (application code, React, rspack's chunk loading,
 * unmapped characters) does not. The file's gzip size is then split in that proportion: gzip
 * compresses the runtime about as well as the rest, so this is close, not exact.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TraceMap, eachMapping } from "@jridgewell/trace-mapping";

const FEDERATION_SOURCE =
  /@module-federation[\\/]|module_federation|federation[_-]|webpack\/runtime\/(sharing|consumes|remotes|initialize_exposes|container)/i;

export interface FileComposition {
  characters: number;
  federationCharacters: number;
}

/** The build folder of a served script and the folder of its source maps. */
function locate(repoRoot: string, pathname: string): { map: string } | null {
  const shell = /^\/_shell\/([^/]+)\/([^/]+\.js)$/.exec(pathname);
  if (shell) {
    const [, buildId = "", name = ""] = shell;
    return { map: join(repoRoot, "shell", "dist", "source-maps", buildId, `${name}.map`) };
  }
  const remote = /^\/_mf\/([a-z]+)\/([^/]+)\/([^/]+\.js)$/.exec(pathname);
  if (remote) {
    const [, fragment = "", buildId = "", name = ""] = remote;
    const pkg = join(repoRoot, `mfe-${fragment}`);
    return { map: join(pkg, "dist", "source-maps", buildId, `${name}.map`) };
  }
  return null;
}

/** Which characters of `code` come from federation sources, or null without a source map. */
export function composeServedScript(
  repoRoot: string,
  url: string,
  code: string,
): FileComposition | null {
  const where = locate(repoRoot, new URL(url).pathname);
  if (!where || !existsSync(where.map)) return null;
  const map = new TraceMap(readFileSync(where.map, "utf8"));
  const lines = code.split("\n");
  // Per line, the segments in column order: [column, is federation].
  const segments = lines.map(() => [] as [number, boolean][]);
  eachMapping(map, (mapping) => {
    const isFederation = mapping.source !== null && FEDERATION_SOURCE.test(mapping.source);
    segments[mapping.generatedLine - 1]?.push([mapping.generatedColumn, isFederation]);
  });
  let federationCharacters = 0;
  lines.forEach((line, index) => {
    const onLine = (segments[index] ?? []).sort((a, b) => a[0] - b[0]);
    onLine.forEach(([column, isFederation], i) => {
      const end = onLine[i + 1]?.[0] ?? line.length;
      if (isFederation) federationCharacters += end - column;
    });
  });
  return { characters: code.length, federationCharacters };
}
