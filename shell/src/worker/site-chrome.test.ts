import { describe, expect, it } from "vitest";
import { get, makeEnv } from "../test/page-fakes.ts";
import appleTouchIcon from "../../public/apple-touch-icon.png?inline";
import faviconIco from "../../public/favicon.ico?inline";
import icon192 from "../../public/icon-192.png?inline";
import icon512 from "../../public/icon-512.png?inline";
import shellCss from "../ui/shell.css?raw";

/** The `<form role="search">` elements of a page, each with its contents. */
function searchForms(html: string): string[] {
  return [...html.matchAll(/<form[^>]*role="search"[\s\S]*?<\/form>/g)].map((match) => match[0]);
}

/** A GET form to the search page whose labelled input is named as the search page reads it. */
function expectSearchForm(form: string | undefined): void {
  expect(form).toMatch(/action="\/search"/);
  expect(form).toMatch(/method="get"/);
  const input = /<input [^>]*>/.exec(form ?? "")?.[0] ?? "";
  expect(input).toContain('type="search"');
  expect(input).toContain('name="q"');
  const id = /id="([^"]+)"/.exec(input)?.[1];
  expect(id).toBeTruthy();
  expect(form).toContain(`<label for="${id}"`);
}

describe("the site's chrome on every page", () => {
  it("has a search form in the masthead of a page, working without JavaScript", async () => {
    const { text } = await get("/world/europe/a-story", makeEnv());
    const masthead = /<header class="s-masthead">[\s\S]*?<\/header>/.exec(text)?.[0] ?? "";
    const forms = searchForms(masthead);
    expect(forms).toHaveLength(1);
    expectSearchForm(forms[0]);
  });

  it("offers search on the 404 page too, with its own id and landmark name", async () => {
    const { response, text } = await get("/a/b/c/d", makeEnv());
    expect(response.status).toBe(404);
    const forms = searchForms(text);
    expect(forms).toHaveLength(2);
    for (const form of forms) expectSearchForm(form);
    const names = forms.map((form) => /aria-label="([^"]+)"/.exec(form)?.[1]);
    expect(new Set(names).size).toBe(2);
    const ids = forms.map((form) => /<input [^>]*id="([^"]+)"/.exec(form)?.[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it("links the legal pages from the footer of every page, the 404 page included", async () => {
    for (const path of ["/world/europe/a-story", "/a/b/c/d"]) {
      const { text } = await get(path, makeEnv());
      const footer = /<footer class="s-footer">[\s\S]*?<\/footer>/.exec(text)?.[0] ?? "";
      expect(footer).toContain('<a href="/pages/privacy">Privacy notice</a>');
      expect(footer).toContain('<a href="/pages/terms">Terms of use</a>');
      expect(footer).toContain('<a href="/pages/corrections">Corrections</a>');
    }
  });

  it("links the index of authors and of topics from the footer of every page (issue 15)", async () => {
    for (const path of ["/world/europe/a-story", "/a/b/c/d"]) {
      const { text } = await get(path, makeEnv());
      const footer = /<footer class="s-footer">[\s\S]*?<\/footer>/.exec(text)?.[0] ?? "";
      expect(footer).toContain('<a href="/authors">Authors</a>');
      expect(footer).toContain('<a href="/tags">Topics</a>');
    }
  });
});

/** The bytes of a file the test imported as a data URL. */
function bytesOf(dataUrl: string): Uint8Array {
  return Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
}

/** The width and height a PNG's IHDR chunk gives. */
function pngSize(png: Uint8Array): [number, number] {
  const view = new DataView(png.buffer, png.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe("the site's icons and web app manifest", () => {
  // The shell assets Worker, holding the committed files of public/.
  const files: Record<string, Uint8Array> = {
    "/favicon.ico": bytesOf(faviconIco),
    "/apple-touch-icon.png": bytesOf(appleTouchIcon),
    "/icon-192.png": bytesOf(icon192),
    "/icon-512.png": bytesOf(icon512),
    "/favicon.svg": new TextEncoder().encode("<svg/>"),
  };
  const env = makeEnv({
    ASSETS: {
      async fetch(input) {
        const body = files[new URL(typeof input === "string" ? input : input.url).pathname];
        // An asset router that knows no type for .ico says so.
        return body
          ? new Response(body, { headers: { "content-type": "application/octet-stream" } })
          : new Response("missing", { status: 404 });
      },
    },
  });

  it.each([
    ["/favicon.ico", "image/x-icon"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
    ["/favicon.svg", "image/svg+xml"],
  ])("serves %s with its type, cached for a day", async (path, type) => {
    const { response } = await get(path, env);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("keeps real icons in public/: an .ico of PNGs, a 180 px touch icon, 192 and 512 px icons", () => {
    const ico = files["/favicon.ico"] ?? new Uint8Array();
    const view = new DataView(ico.buffer, ico.byteOffset);
    expect([view.getUint16(0, true), view.getUint16(2, true)]).toEqual([0, 1]);
    expect(view.getUint16(4, true)).toBeGreaterThan(0);
    const firstImage = view.getUint32(18, true);
    expect([...ico.slice(firstImage, firstImage + 4)]).toEqual(PNG_SIGNATURE);
    for (const [path, side] of [
      ["/apple-touch-icon.png", 180],
      ["/icon-192.png", 192],
      ["/icon-512.png", 512],
    ] as const) {
      const png = files[path] ?? new Uint8Array();
      expect([...png.slice(0, 4)]).toEqual(PNG_SIGNATURE);
      expect(pngSize(png)).toEqual([side, side]);
    }
  });

  it("answers the web app manifest from configuration, its icons and theme colour the site's", async () => {
    const { response, text } = await get("/manifest.webmanifest", env);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const manifest = JSON.parse(text) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "The Daily Edge",
      short_name: "The Daily Edge",
      start_url: "/",
      display: "browser",
    });
    const paper = /--s-paper:\s*(#[0-9a-f]{6})/i.exec(shellCss)?.[1];
    expect(manifest.theme_color).toBe(paper);
    const icons = manifest.icons as { src: string; sizes: string; type: string }[];
    for (const icon of icons) expect(files[icon.src]).toBeDefined();
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    const refused = await get("/manifest.webmanifest", env, { method: "POST", body: "x" });
    expect(refused.response.status).toBe(405);
  });

  it("links the icons and the manifest from the head of every page, the 404 page included", async () => {
    for (const path of ["/world/europe/a-story", "/a/b/c/d"]) {
      const { text } = await get(path, makeEnv());
      const head = /<head>[\s\S]*?<\/head>/.exec(text)?.[0] ?? "";
      expect(head).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48">');
      expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
      expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    }
  });
});

/** The declarations of `selector` inside the stylesheet's `@media (max-width: 40rem)` block. */
function phoneRule(css: string, selector: string): string {
  const start = css.indexOf("@media (max-width: 40rem) {");
  expect(start).toBeGreaterThan(-1);
  const block = css.slice(start, css.indexOf("\n}\n", start));
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\n  ${escaped} \\{([^}]*)\\}`).exec(block)?.[1] ?? "";
}

describe("the section navigation on a phone", () => {
  it("is one row that scrolls sideways, without JavaScript, starting at the current section", async () => {
    const row = phoneRule(shellCss, ".s-sections ul");
    for (const declaration of [
      "flex-wrap: nowrap",
      "overflow-x: auto",
      "white-space: nowrap",
      "scrollbar-width: thin",
    ]) {
      expect(row).toContain(`${declaration};`);
    }
    expect(phoneRule(shellCss, ".s-sections li")).toContain("flex: none;");
    expect(phoneRule(shellCss, '.s-sections a[aria-current="page"]')).toContain(
      "scroll-initial-target: nearest;",
    );
    // The row is a flex list on every width, and the server marks the current section.
    expect(/\.s-sections ul \{[^}]*display: flex;/.exec(shellCss)).not.toBeNull();
    const { text } = await get("/world/europe/a-story", makeEnv());
    expect(text).toContain('<nav class="s-sections" aria-label="Sections"><ul>');
    expect(text).toContain('<a href="/world" aria-current="page">World</a>');
  });
});
