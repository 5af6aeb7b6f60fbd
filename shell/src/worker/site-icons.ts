import { hrefFor } from "../contract/site-addresses.ts";

/**
 * The site's icons and web app manifest (issue 15): the files live in `public/` (made from
 * `favicon.svg` by `build/make-icons.ts`) and reach readers through the shell assets Worker;
 * the manifest is written here from configuration, so it carries the publication's name.
 */

/** Icons change rarely and have no build id in their address: a day, like the favicon always had. */
export const ICON_CACHE_CONTROL = "public, max-age=86400";

/** Each icon file the shell serves at the site's root, with its content type. */
export const siteIconTypes: Readonly<Record<string, string>> = {
  "/favicon.svg": "image/svg+xml",
  "/favicon.ico": "image/x-icon",
  "/apple-touch-icon.png": "image/png",
  "/icon-192.png": "image/png",
  "/icon-512.png": "image/png",
};

export const MANIFEST_PATH = "/manifest.webmanifest";

/** `--s-paper` in src/ui/shell.css (light scheme): the colour of the masthead around the page. */
export const THEME_COLOUR = "#fdfcf8";

export function webManifest(publicationName: string): Record<string, unknown> {
  return {
    name: publicationName,
    short_name: publicationName,
    start_url: hrefFor("content.home"),
    scope: "/",
    display: "browser",
    theme_color: THEME_COLOUR,
    background_color: THEME_COLOUR,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}

/** The head's links to the icons and the manifest, the same on every page. */
export const ICON_HEAD_LINKS = [
  '<link rel="icon" href="/favicon.ico" sizes="48x48">',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
  `<link rel="manifest" href="${MANIFEST_PATH}">`,
  `<meta name="theme-color" content="${THEME_COLOUR}">`,
].join("");
