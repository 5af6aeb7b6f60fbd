/// <reference lib="dom" />
// Functions below run inside the page (page.evaluate / addInitScript), hence the DOM types.
/**
 * What Chromium loads and sees on one page: every script response before the page is idle,
 * the largest contentful paint element, the layout shifts, render-blocking scripts and console
 * errors. Used by `npm run check:js-budget` (scripts/check-js-budget.ts).
 */
import { chromium, type Browser, type Response } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

export interface LoadedScript {
  url: string;
  body: Buffer;
}

export interface LcpElement {
  /** A path of `tag:nth-of-type(n)` steps from `body`, to find the same element elsewhere. */
  path: string;
  tag: string;
  /** Text (first 200 characters) or image source, to compare with the server's element. */
  signature: string;
}

export interface PageMeasurement {
  scripts: LoadedScript[];
  lcp: LcpElement | null;
  layoutShift: number;
  shifts: string[];
  renderBlockingScripts: string[];
  consoleProblems: string[];
}

/** Installed before any page script: buffered observers that keep what they see on `window`. */
function observeVitals(): void {
  const store = { lcp: null as Element | null, shift: 0, shifts: [] as string[] };
  (window as unknown as { __budget: typeof store }).__budget = store;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = (entry as PerformanceEntry & { element?: Element | null }).element;
      if (element) store.lcp = element;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry as PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      };
      if (shift.hadRecentInput) continue;
      store.shift += shift.value;
      const nodes = (shift.sources ?? []).map((s) => s.node?.nodeName ?? "?").join(",");
      store.shifts.push(
        `${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms (${nodes})`,
      );
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Runs in the page: describes the LCP element so it can be found in the server's HTML. */
function describeLcp(): LcpElement | null {
  const element = (window as unknown as { __budget: { lcp: Element | null } }).__budget.lcp;
  if (!element || !element.isConnected) return null;
  const steps: string[] = [];
  for (let node: Element | null = element; node && node !== document.body;) {
    const parent: Element | null = node.parentElement;
    const tag = node.tagName.toLowerCase();
    const index = parent
      ? Array.from(parent.children)
          .filter((child) => child.tagName === node?.tagName)
          .indexOf(node) + 1
      : 1;
    steps.unshift(`${tag}:nth-of-type(${index})`);
    node = parent;
  }
  const signature =
    element instanceof HTMLImageElement
      ? (element.getAttribute("src") ?? "")
      : (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return { path: `body > ${steps.join(" > ")}`, tag: element.tagName.toLowerCase(), signature };
}

/** The same description for the element at `path` in a page that ran no JavaScript. */
function describeAt(path: string): LcpElement | null {
  const element = document.querySelector(path);
  if (!element) return null;
  const signature =
    element instanceof HTMLImageElement
      ? (element.getAttribute("src") ?? "")
      : (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return { path, tag: element.tagName.toLowerCase(), signature };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

/** Loads `url` until it is hydrated and the network is idle, and measures it. */
export async function measurePage(browser: Browser, url: string): Promise<PageMeasurement> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const consoleProblems: string[] = [];
  const consoleWarnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleProblems.push(message.text());
    if (message.type() === "warning") consoleWarnings.push(message.text());
  });
  page.on("pageerror", (error) => consoleProblems.push(error.message));
  const pending: Promise<LoadedScript | null>[] = [];
  page.on("response", (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), body }))
        .catch(() => null),
    );
  });
  await page.addInitScript(observeVitals);
  await page.goto(url, { waitUntil: "networkidle" });
  try {
    await page.waitForSelector('html[data-hydrated="true"]', { state: "attached" });
  } catch (error) {
    const seen = [...consoleProblems, ...consoleWarnings]
      .map((problem) => `\n  browser: ${problem}`)
      .join("");
    throw new Error(`${url} did not hydrate: ${String(error).split("\n")[0]}${seen}`, {
      cause: error,
    });
  }
  await page.waitForLoadState("networkidle");
  // One more frame so late layout shifts and the final LCP entry are reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
  const lcp = await page.evaluate(describeLcp);
  const vitals = await page.evaluate(() => {
    const store = (window as unknown as { __budget: { shift: number; shifts: string[] } }).__budget;
    return { shift: store.shift, shifts: store.shifts };
  });
  const renderBlockingScripts = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter(
        (entry) =>
          entry.initiatorType === "script" &&
          (entry as PerformanceResourceTiming & { renderBlockingStatus?: string })
            .renderBlockingStatus === "blocking",
      )
      .map((entry) => entry.name),
  );
  await context.close();
  return {
    scripts,
    lcp,
    layoutShift: vitals.shift,
    shifts: vitals.shifts,
    renderBlockingScripts,
    consoleProblems,
  };
}

/** Finds the LCP element of the hydrated page in the same page loaded with JavaScript off. */
export async function findInServerHtml(
  browser: Browser,
  url: string,
  lcp: LcpElement,
): Promise<LcpElement | null> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  const found = await page.evaluate(describeAt, lcp.path);
  await context.close();
  return found;
}
