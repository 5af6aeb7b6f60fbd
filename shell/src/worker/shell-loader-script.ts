/**
 * The document's only inline script: it starts the shell's browser code (`main.js`, already
 * preloaded) once the server HTML has been painted, its lead image included.
 *
 * Why: the page is complete without JavaScript, and starting the Module Federation runtime,
 * React and hydration while the browser still has to paint holds the first paint back on a
 * busy phone (and Lighthouse then counts those scripts as render-blocking). Links work as full
 * page loads until the shell has hydrated. See docs/performance.md ("Lighthouse").
 *
 * "Painted": the first contentful paint (paint timing) and the window's load event (the lead
 * image, the only one loaded eagerly, is in), then one frame. A hidden tab does not paint, so it
 * starts at once (or when it is hidden); a browser without paint timing starts after the load
 * event; nothing waits longer than START_AT_THE_LATEST_MS.
 *
 * Plain JavaScript in a string, not a function's `toString()`: the Worker's bundler may rewrite
 * a function's body (it adds name helpers), and this runs in the browser untouched.
 */
const START_AT_THE_LATEST_MS = 3000;

const LOADER = `
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const script = document.createElement("script");
  script.src = src;
  document.head.append(script);
};
if (document.visibilityState !== "visible") start();
addEventListener("visibilitychange", start, { once: true });
setTimeout(start, latestMs);
let painted = !(PerformanceObserver.supportedEntryTypes || []).includes("paint");
let loaded = document.readyState === "complete";
const next = () => {
  if (painted && loaded) requestAnimationFrame(() => setTimeout(start, 0));
};
if (!painted) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    painted = true;
    next();
  }).observe({ type: "paint", buffered: true });
}
if (!loaded) addEventListener("load", () => { loaded = true; next(); }, { once: true });
next();
`;

/** The loader's source for a `<script type="module">`; `src` is the shell's `main.js`. */
export function shellLoaderScript(src: string): string {
  const values = `const src = ${JSON.stringify(src)}, latestMs = ${START_AT_THE_LATEST_MS};`;
  const minified = LOADER.trim().replace(/\n\s*/g, " ");
  return `${values.replace(/</g, "\\u003c")} ${minified}`;
}
