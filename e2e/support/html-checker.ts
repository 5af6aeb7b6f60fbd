import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * The Nu Html Checker (the W3C validator's engine, `vnu-jar`), run offline on the machine's
 * Java: every page handed to it is checked against the HTML standard and its errors returned.
 * Warnings (advice such as "consider adding a lang attribute") are left out.
 */
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const run = promisify(execFile);

export interface HtmlProblem {
  page: string;
  line: number | undefined;
  message: string;
  extract: string | undefined;
}

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Checks every page at once (one Java start); `pages` maps a name to its HTML. */
export async function checkHtml(pages: ReadonlyMap<string, string>): Promise<HtmlProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), "daily-edge-html-"));
  try {
    const files = new Map<string, string>();
    let index = 0;
    for (const [name, html] of pages) {
      const file = join(dir, `page-${index++}.html`);
      files.set(`file:${file}`, name);
      await writeFile(file, html);
    }
    // vnu exits 1 when it found errors; its JSON report is on stderr either way.
    const output = await run(
      "java",
      [
        "-jar",
        vnuJar,
        "--format",
        "json",
        "--errors-only",
        ...[...files.keys()].map((u) => u.slice(5)),
      ],
      { maxBuffer: 32 * 1024 * 1024 },
    ).then(
      (done) => done.stderr,
      (failed: { stderr?: string; message: string }) => {
        if (!failed.stderr) throw new Error(`the Nu Html Checker did not run: ${failed.message}`);
        return failed.stderr;
      },
    );
    const report = JSON.parse(output) as { messages: VnuMessage[] };
    return report.messages
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => ({
        page: files.get(message.url) ?? message.url,
        line: message.lastLine,
        message: message.message,
        extract: message.extract,
      }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
