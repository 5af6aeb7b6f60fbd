/**
 * `npm run import -- <ghost|wordpress> <export file> [options]` (issue 18, decision 0024): reads
 * a Ghost JSON or WordPress WXR export and imports it into the local database (the one `npm
 * start` uses; run it while the site runs or not), or with `--remote` into the production one
 * (scripts/import-remote.ts), with a progress bar and a report. The same pipeline as the
 * newsroom's Import screen: `edge-api/src/import/`.
 */
import { createReadStream, statSync, writeFileSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDatabase } from "../edge-api/src/db/database.ts";
import { parseGhostExport } from "../edge-api/src/import/ghost-export.ts";
import {
  checkImportFileSize,
  detectExportKind,
  ImportFileError,
} from "../edge-api/src/import/import-file.ts";
import type { ImportSource } from "../edge-api/src/import/import-model.ts";
import { runImport, type ImportReport } from "../edge-api/src/import/run-import.ts";
import { parseWordPressExport } from "../edge-api/src/import/wordpress-export.ts";
import { IMPORT_USAGE, parseImportArgs, type ImportArgs } from "./import-args.ts";
import {
  askForName,
  checkRemoteSchema,
  confirmation,
  connectRemote,
  describeTarget,
  loadApiProduction,
  localMigrations,
  remoteFailure,
  RemoteImportError,
  remoteTarget,
  RUN_AGAIN,
} from "./import-remote.ts";
import { applyMigrations, offlineEnv, repoRoot, stateDir } from "./local-stack.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readExport(args: ImportArgs): Promise<ImportSource> {
  let size: number;
  try {
    size = statSync(args.file).size;
  } catch {
    fail(`There is no file at ${args.file}.`);
  }
  checkImportFileSize(size);
  const handle = await open(args.file);
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
  await handle.close();
  const kind = detectExportKind(buffer.subarray(0, bytesRead).toString("utf8"));
  if (kind !== null && kind !== args.system) {
    fail(`${args.file} looks like a ${kind} export, not a ${args.system} one.`);
  }
  if (args.system === "ghost") {
    const text = await readFile(args.file, "utf8");
    return parseGhostExport(text, args.siteUrl === null ? {} : { siteUrl: args.siteUrl });
  }
  // Streamed: the XML is read a megabyte at a time, never whole.
  const stream = createReadStream(args.file, { encoding: "utf8", highWaterMark: 1024 * 1024 });
  return parseWordPressExport(stream as AsyncIterable<string>);
}

/** `[#######·······] 1,200 of 10,000`, redrawn in place on a terminal, a line a tenth otherwise. */
function progressBar(): (progress: { done: number; total: number }) => void {
  let lastTenth = -1;
  return ({ done, total }) => {
    const share = total === 0 ? 1 : done / total;
    const filled = Math.round(share * 30);
    const line = `[${"#".repeat(filled)}${"·".repeat(30 - filled)}] ${done.toLocaleString("en")} of ${total.toLocaleString("en")} stories and pages`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${done === total ? "\n" : ""}`);
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

function printReport(report: ImportReport): void {
  const { made } = report;
  console.log(
    `\n${report.dryRun ? "Dry run (nothing written)" : "Imported"} from ${report.origin}:\n` +
      `  ${made.stories} stories, ${made.pages} pages, ${made.authors} authors, ${made.tags} tags, ` +
      `${made.sections} sections, ${made.categories} categories\n` +
      `  ${made.photographs} photographs ${report.dryRun ? "to download" : "downloaded"} into the media library` +
      (report.alreadyImported.posts + report.alreadyImported.pages > 0
        ? `\n  already imported before, left as they are: ${report.alreadyImported.posts} stories, ${report.alreadyImported.pages} pages`
        : ""),
  );
  console.log(`\nOld addresses (${report.redirects.length}), each answering 301:`);
  for (const redirect of report.redirects.slice(0, 20)) {
    console.log(`  ${redirect.from} -> ${redirect.to}`);
  }
  if (report.redirects.length > 20) console.log(`  … and ${report.redirects.length - 20} more`);
  for (const path of report.redirectsKept) {
    console.log(`  kept for what it already was here: ${path}`);
  }
  const byPost = new Map<string, string[]>();
  for (const note of report.notes) {
    const key = note.post ? `“${note.post.title}” (${note.post.sourceId})` : "The export";
    byPost.set(key, [...(byPost.get(key) ?? []), `${note.kind}: ${note.detail}`]);
  }
  console.log(`\nNotes (${report.notes.length}):`);
  for (const [post, lines] of byPost) {
    console.log(`  ${post}`);
    for (const line of lines) console.log(`    - ${line}`);
  }
}

/** The bindings the import writes through: the local stack's, or production's (`--remote`). */
interface ImportPlatform {
  env: { DB: D1Database; IMAGES: ImagesBinding; MEDIA: R2Bucket };
  dispose: () => Promise<void>;
}

async function localPlatform(): Promise<ImportPlatform> {
  // The local database the site uses, with every migration applied.
  applyMigrations(offlineEnv());
  return getPlatformProxy<ImportPlatform["env"]>({
    configPath: join(repoRoot, "edge-api", "wrangler.toml"),
    persist: { path: join(stateDir, "v3") },
    remoteBindings: false,
  });
}

/**
 * Production's bindings: says where they lead (from the configuration), asks for the database's
 * name unless it is a dry run or `--yes`, connects, and refuses a database without this
 * checkout's migrations (an import never applies them; a deploy does).
 */
async function remotePlatform(args: ImportArgs): Promise<ImportPlatform> {
  const target = remoteTarget(loadApiProduction(repoRoot), process.env.CLOUDFLARE_ACCOUNT_ID);
  if ("problem" in target) fail(target.problem);
  console.error(describeTarget(target, args.dryRun));
  const needed = confirmation({
    dryRun: args.dryRun,
    yes: args.yes,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  });
  if (typeof needed === "object") fail(needed.problem);
  if (needed === "ask" && !(await askForName(target.databaseName))) {
    fail(`That is not ${target.databaseName}: nothing was written.`);
  }
  console.error("Connecting to Cloudflare with your wrangler credentials…");
  const platform = await connectRemote<ImportPlatform["env"]>(target);
  let problem: string | null;
  try {
    problem = await checkRemoteSchema(platform.env.DB, target, localMigrations(repoRoot));
  } catch (error) {
    await platform.dispose();
    throw new RemoteImportError(remoteFailure(error), { cause: error });
  }
  if (problem !== null) {
    await platform.dispose();
    fail(problem);
  }
  return platform;
}

const args = parseImportArgs(process.argv.slice(2));
if ("problem" in args) fail(`${args.problem}\n\n${IMPORT_USAGE}`);
// The proxy's Miniflare would otherwise fetch a `Request.cf` sample from Cloudflare; the import
// makes no requests of its own through it.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

try {
  const source = await readExport(args);
  const platform = args.remote ? await remotePlatform(args) : await localPlatform();
  try {
    const report = await runImport(
      createDatabase(platform.env.DB),
      source,
      { defaultSection: args.defaultSection, tagSections: args.tagSections },
      {
        dryRun: args.dryRun,
        now: new Date(),
        actorId: null,
        onProgress: progressBar(),
        // Photographs into the media library, through the same bindings (--no-images: kept as
        // links); Node's fetch, and never this machine's own network (allowPrivateHosts unset).
        ...(args.images
          ? {
              images: {
                fetch: (input, init) => fetch(input, init),
                images: platform.env.IMAGES,
                bucket: platform.env.MEDIA,
              },
            }
          : {}),
      },
    ).catch((error: unknown) => {
      if (!args.remote) throw error;
      throw new RemoteImportError(remoteFailure(error, RUN_AGAIN), { cause: error });
    });
    printReport(report);
    if (args.reportFile) writeFileSync(args.reportFile, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await platform.dispose();
  }
} catch (error) {
  if (error instanceof ImportFileError) fail(`${args.file}: ${error.message}`);
  if (error instanceof RemoteImportError) fail(`\n${error.message}`);
  throw error;
}
