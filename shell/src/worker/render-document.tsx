import {
  APP_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  SHELL_IDENTIFIER_PREFIX,
  serializeForScript,
  type BootData,
} from "../contract/navigation-contract.ts";
import { completeHtml } from "../fragment-kit/complete-html.ts";
import { FragmentHost } from "../ui/fragment-host.tsx";
import { NewsroomLayout } from "../ui/newsroom-layout.tsx";
import { ShellLayout } from "../ui/shell-layout.tsx";
import {
  FragmentUnavailablePage,
  NewsroomForbiddenPage,
  NotFoundPage,
} from "../ui/status-pages.tsx";
import { isNewsroomPath } from "../routes/route-table.ts";
import type { CurrentBuild } from "../fragment-kit/remote-assets.ts";
import { REMOTE_ENTRY_FILE, remoteAssetPrefix } from "../contract/fragment-names.ts";
import type { PageHead } from "./compose-page.ts";
import { shellLoaderScript } from "./shell-loader-script.ts";
import { ICON_HEAD_LINKS } from "./site-icons.ts";

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function headHtml(boot: BootData, head: PageHead, shellBuild: CurrentBuild, nonce: string): string {
  const initial = boot.initial;
  const parts = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
  ];
  if (head.description) {
    parts.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  }
  if (initial.outcome === "fragment") {
    parts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  }
  if (head.robots) {
    parts.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  }
  for (const meta of head.meta) {
    const key = meta.property
      ? `property="${escapeHtml(meta.property)}"`
      : `name="${escapeHtml(meta.name ?? "")}"`;
    parts.push(`<meta ${key} content="${escapeHtml(meta.content)}">`);
  }
  for (const link of head.links) {
    const attributes = [`rel="${link.rel}"`, `href="${escapeHtml(link.href)}"`];
    if (link.type) attributes.push(`type="${escapeHtml(link.type)}"`);
    if (link.title) attributes.push(`title="${escapeHtml(link.title)}"`);
    if (link.as) attributes.push(`as="${link.as}"`);
    parts.push(`<link ${attributes.join(" ")}>`);
  }
  parts.push('<meta name="color-scheme" content="light dark">');
  parts.push(ICON_HEAD_LINKS);
  const shellBase = `/_shell/${shellBuild.buildId}/`;
  for (const sheet of shellBuild.stylesheets) {
    parts.push(`<link rel="stylesheet" href="${shellBase}${escapeHtml(sheet)}">`);
  }
  if (initial.outcome === "fragment") {
    for (const sheet of initial.stylesheets) {
      parts.push(`<link rel="stylesheet" href="${escapeHtml(sheet)}">`);
    }
    // The remote's container entry, which the shell's runtime loads as a script (decision 0007).
    // Parser-inserted, so it needs the nonce: 'strict-dynamic' only trusts what scripts insert.
    parts.push(
      `<link rel="preload" as="script" href="${remoteAssetPrefix(initial.fragment, initial.buildId)}${REMOTE_ENTRY_FILE}" nonce="${nonce}">`,
    );
  }
  for (const item of head.jsonLd) {
    parts.push(`<script type="application/ld+json">${serializeForScript(item)}</script>`);
  }
  // main.js downloads now but runs after the first paint (shell-loader-script.ts).
  parts.push(`<link rel="preload" as="script" href="${shellBase}main.js" nonce="${nonce}">`);
  parts.push(
    `<script type="module" nonce="${nonce}">${shellLoaderScript(`${shellBase}main.js`)}</script>`,
  );
  return parts.join("");
}

export interface DocumentInput {
  boot: BootData;
  pathname: string;
  html: string | null;
  /** The page's one head, written here once. */
  head: PageHead;
  shellBuild: CurrentBuild;
  nonce: string;
}

/** The page body the shell renders; the browser hydrates the same tree (see client/). */
function ShellBody({ boot, pathname, html }: Pick<DocumentInput, "boot" | "pathname" | "html">) {
  const initial = boot.initial;
  // The newsroom has its own chrome; the browser picks the same one from the same address.
  const Layout = isNewsroomPath(pathname) ? NewsroomLayout : ShellLayout;
  return (
    <Layout
      publicationName={boot.publicationName}
      sections={boot.sections}
      banner={boot.banner}
      viewer={boot.viewer}
      dateLine={boot.dateLine}
      pathname={pathname}
    >
      {initial.outcome === "fragment" ? (
        <FragmentHost fragment={initial.fragment} html={html ?? ""} />
      ) : initial.outcome === "unavailable" ? (
        <FragmentUnavailablePage />
      ) : initial.outcome === "forbidden" ? (
        <NewsroomForbiddenPage />
      ) : (
        <NotFoundPage />
      )}
    </Layout>
  );
}

/**
 * The document as one string: the head, the layout with the fragment's HTML, then the boot data.
 * Not streamed (issue 19): the fragment's answer is complete before the document starts, so a
 * stream sent nothing earlier and cost more CPU than the render itself (decision 0026).
 */
export async function renderDocument(input: DocumentInput): Promise<string> {
  const body = await completeHtml(
    <ShellBody boot={input.boot} pathname={input.pathname} html={input.html} />,
    { identifierPrefix: SHELL_IDENTIFIER_PREFIX },
  );
  return `<!doctype html><html lang="en-GB"><head>${headHtml(input.boot, input.head, input.shellBuild, input.nonce)}</head><body><div id="${APP_ELEMENT_ID}">${body}</div><script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${serializeForScript(input.boot)}</script></body></html>`;
}
