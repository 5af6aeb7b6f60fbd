import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

test("each fragment hydrates through Module Federation without a warning", async ({ page }) => {
  const pages = [
    { path: "/", routeId: "content.home", fragment: "content" },
    { path: demo.article.path, routeId: "content.article", fragment: "content" },
    { path: "/login", routeId: "account.login", fragment: "account" },
    { path: `/todays-paper/${demo.editionDate}`, routeId: "paper.edition", fragment: "paper" },
  ];
  for (const { path, routeId, fragment } of pages) {
    const remoteRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/_mf/${fragment}/`)) remoteRequests.push(request.url());
    });
    await page.goto(path);
    await waitForHydration(page, routeId);
    const boot = JSON.parse((await page.locator("#edge-boot").textContent()) ?? "{}") as {
      initial: { buildId: string };
    };
    // The remote was loaded at exactly the build that rendered the server HTML.
    expect(remoteRequests.length, path).toBeGreaterThan(0);
    for (const url of remoteRequests)
      expect(url).toContain(`/_mf/${fragment}/${boot.initial.buildId}/`);
  }
});

test("React is loaded once, from the shell", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  const reactCopies = await page.evaluate(() => {
    const hook = (
      window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: { renderers?: Map<number, unknown> } }
    ).__REACT_DEVTOOLS_GLOBAL_HOOK__;
    return hook?.renderers?.size ?? null;
  });
  expect(reactCopies === null || reactCopies <= 1).toBe(true);
  expect(scripts.some((path) => path.startsWith("/_shell/"))).toBe(true);
  expect(scripts.some((path) => path.startsWith("/_mf/content/"))).toBe(true);
});
