/**
 * `npm run generate:site-routes`: writes `edge-api/src/contract/site-routes.generated.json`
 * from the shell's table of addresses (`shell/src/contract/site-addresses.ts`): the reserved
 * section slugs and the page path patterns. edge-api cannot import the shell, which depends on
 * it (turbo refuses the cycle), so it reads this derived copy (decision 0011).
 *
 * `npm run check:site-routes` (`--check`) writes nothing and exits 1 when the file is stale;
 * the shell's own tests fail in that case too (`site-addresses.test.ts`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { siteRoutesManifest } from "../shell/src/contract/site-addresses.ts";

const target = fileURLToPath(
  new URL("../edge-api/src/contract/site-routes.generated.json", import.meta.url),
);
const wanted = `${JSON.stringify(siteRoutesManifest(), null, 2)}\n`;

function current(): string | null {
  try {
    return readFileSync(target, "utf8");
  } catch {
    return null;
  }
}

if (process.argv.includes("--check")) {
  if (current() !== wanted) {
    console.error(
      `${target} is stale: it does not match shell/src/contract/site-addresses.ts.\n` +
        "Run `npm run generate:site-routes` and commit the result.",
    );
    process.exit(1);
  }
  console.log("site-routes.generated.json is current.");
} else if (current() === wanted) {
  console.log("site-routes.generated.json is already current.");
} else {
  writeFileSync(target, wanted);
  console.log(`Wrote ${target}.`);
}
