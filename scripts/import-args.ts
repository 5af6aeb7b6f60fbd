import { readOldSiteAddress } from "../edge-api/src/contract/import-contract.ts";

/**
 * `npm run import -- <ghost|wordpress> <file> [options]` (issue 18, decision 0024): the command
 * line read into what the import needs, or a sentence saying what is wrong with it.
 */

export interface ImportArgs {
  system: "ghost" | "wordpress";
  file: string;
  dryRun: boolean;
  /** The section for posts nothing else places. */
  defaultSection: string;
  /** Ghost: a primary tag's slug → the section its posts go to. */
  tagSections: Record<string, string>;
  /** Where to write the report as JSON, or null. */
  reportFile: string | null;
  /** The production database (and media) through Cloudflare instead of the local one. */
  remote: boolean;
  /** `--remote` without asking: for scripts, which have no terminal to type the name on. */
  yes: boolean;
  /** Download the posts' photographs into the media library (`--no-images`: keep them as links). */
  images: boolean;
  /** Ghost: the old site's address (`--site-url`), which a Ghost export does not say; or null. */
  siteUrl: string | null;
}

export const IMPORT_USAGE = `Usage: npm run import -- <ghost|wordpress> <export file> [options]

  --dry-run                  plan and report, write nothing
  --default-section <slug>   where posts nothing else places go (default: archive)
  --section <tag>=<section>  Ghost: posts whose primary tag is <tag> go to <section> (repeatable)
  --report <file.json>       also write the report as JSON
  --remote                   the production database instead of the local one (asks you to
                             type its name first; wrangler login or CLOUDFLARE_API_TOKEN)
  --yes                      with --remote: do not ask (for scripts)
  --no-images                keep photographs at their old addresses (as links) instead of
                             downloading them into the media library
  --site-url <address>       Ghost: the old site's address, e.g. https://old.example.com (its
                             export does not say it; without it photographs cannot be downloaded)`;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function parseImportArgs(argv: readonly string[]): ImportArgs | { problem: string } {
  const positional: string[] = [];
  const args: Omit<ImportArgs, "system" | "file"> = {
    dryRun: false,
    defaultSection: "archive",
    tagSections: {},
    reportFile: null,
    remote: false,
    yes: false,
    images: true,
    siteUrl: null,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? "";
    const value = () => {
      const next = argv[++index];
      if (next === undefined || next.startsWith("--")) throw new Error(`${arg} needs a value.`);
      return next;
    };
    try {
      if (arg === "--dry-run") args.dryRun = true;
      else if (arg === "--remote") args.remote = true;
      else if (arg === "--yes") args.yes = true;
      else if (arg === "--no-images") args.images = false;
      else if (arg === "--report") args.reportFile = value();
      else if (arg === "--site-url") {
        const read = readOldSiteAddress(value());
        if (!read.ok) return { problem: `--site-url: ${read.problem}` };
        args.siteUrl = read.siteUrl;
      } else if (arg === "--default-section") {
        const slug = value();
        if (!SLUG.test(slug)) return { problem: `--default-section: “${slug}” is not a slug.` };
        args.defaultSection = slug;
      } else if (arg === "--section") {
        const rule = /^([a-z0-9-]+)=([a-z0-9-]+)$/.exec(value());
        if (!rule?.[1] || !rule[2] || !SLUG.test(rule[1]) || !SLUG.test(rule[2])) {
          return {
            problem: "--section takes <tag slug>=<section slug>, e.g. --section sport=sport.",
          };
        }
        args.tagSections[rule[1]] = rule[2];
      } else if (arg.startsWith("--")) return { problem: `Unknown option ${arg}.` };
      else positional.push(arg);
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }
  const [system, file, ...rest] = positional;
  if (system !== "ghost" && system !== "wordpress") {
    return { problem: "Say which export it is: ghost or wordpress." };
  }
  if (!file) return { problem: "Give the export file's path." };
  if (rest.length > 0) return { problem: `One file at a time (also given: ${rest.join(" ")}).` };
  if (args.siteUrl !== null && system !== "ghost") {
    return {
      problem: "--site-url is for Ghost exports only: a WordPress export says its address.",
    };
  }
  if (args.yes && !args.remote)
    return { problem: "--yes confirms --remote; without it there is nothing to confirm." };
  return { system, file, ...args };
}
