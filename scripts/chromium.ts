/**
 * Debian's Chromium, the one browser every check here drives (Playwright's e2e journeys, the
 * JavaScript budget, Lighthouse): where it is and the flags that keep it offline and quiet.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
