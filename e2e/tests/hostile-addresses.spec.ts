import { expect, test } from "../support/fixtures.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";

// Issue 14: what a hostile tester tries from outside, against the whole local stack.

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

test("every kind of response carries Permissions-Policy and Cross-Origin-Opener-Policy", async ({
  request,
}) => {
  const paths = [
    "/",
    demo.article.path,
    "/no/such/page/here",
    "/login",
    "/rss.xml",
    "/sitemap.xml",
    "/robots.txt",
    "/favicon.svg",
    "/api/sections",
    "/api/no-such-route",
    "/_mf/content/nope/remoteEntry.js",
    `/profile?save=${"a".repeat(5_000)}`,
    `/world?x=${"a".repeat(17_000)}`,
  ];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    expect(response.headers()["permissions-policy"], path).toContain("camera=()");
    expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
});

test("long query parameters are a 400 or an ordinary page, never a 5xx", async ({ request }) => {
  const long = (n: number) => "a".repeat(n);
  // Each answers a page of the site that says what is wrong, with status 400.
  const tooLong = [
    `/profile?save=${long(5_000)}`,
    `/profile?save=${long(1_000)}`,
    `/search?q=${long(5_000)}`,
    `/search?q=${long(300)}`,
  ];
  for (const path of tooLong) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path.slice(0, 40)).toBe(400);
    expect(await response.text(), path.slice(0, 40)).toContain("<h1");
  }
  // Past any page's parameters: the shell's own plain 400.
  const absurd = await request.get(`/world?x=${long(17_000)}`, { maxRedirects: 0 });
  expect(absurd.status()).toBe(400);
  const ordinary = [
    `/login?next=/${long(5_000)}`,
    `/search?q=storm&cursor=${long(3_000)}`,
    `/reset-password?token=${long(3_000)}`,
    `/verify-email?token=${long(3_000)}`,
    `/${demo.section.slug}?before=${long(3_000)}`,
  ];
  for (const path of ordinary) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path.slice(0, 40)).toBeLessThan(500);
  }
});
