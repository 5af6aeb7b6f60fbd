import { createFakeApi } from "edge-api/fake";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  bootData,
  fragment,
  get as getPage,
  jsonResponse,
  makeEnv,
  pageAnswer,
} from "../test/page-fakes.ts";
import { FakePublication, freshPath, get, setUpSigner } from "../test/publication-fake.ts";
import { checkNavigationAnswer } from "../contract/navigation-checks.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { forgetEdgeState } from "./edge-state.ts";
import { resetKeyCache } from "./viewer-session.ts";

/**
 * The breaking-news banner in the shell's chrome (issue 16, decision 0020): on every reader
 * page, never in the newsroom, read per content version so kept pages re-key when it changes.
 */

beforeAll(setUpSigner);
beforeEach(() => {
  resetKeyCache();
  forgetEdgeState();
});
afterEach(() => vi.restoreAllMocks());

const BANNER = { headline: "Harbour bridge closed after collision", link: "/world/harbour-bridge" };

/** The banner's region of a page, or null. */
function bannerRegion(html: string): string | null {
  return /<div class="s-breaking"[\s\S]*?<\/div>/.exec(html)?.[0] ?? null;
}

function envWithBanner(banner: { headline: string; link: string } | null) {
  return makeEnv({
    API: createFakeApi({
      sections: { sections: [{ slug: "world", name: "World", description: "", categories: [] }] },
      banner: { banner },
    }).binding,
    ACCOUNT: fragment(() => jsonResponse(pageAnswer({ html: "<h1>Join the staff</h1>" }))),
  });
}

describe("the breaking-news banner", () => {
  it("shows on reader pages as a labelled region under the navigation, linking the story", async () => {
    // Each test has its own banner: the unversioned chrome is kept for 30 s per isolate.
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 0, 1, 0, 0, 0));
    const { text } = await getPage("/world/europe/a-story", envWithBanner(BANNER));
    const region = bannerRegion(text);
    expect(region).toContain('role="region"');
    expect(region).toContain('aria-label="Breaking news"');
    expect(region).toContain(`<a href="/world/harbour-bridge">${BANNER.headline}</a>`);
    // Under the navigation, before the page's own content.
    expect(text.indexOf('class="s-breaking"')).toBeGreaterThan(text.indexOf("</header>"));
    expect(text.indexOf('class="s-breaking"')).toBeLessThan(text.indexOf('<main id="main"'));
    expect(bootData(text).banner).toEqual({ headline: BANNER.headline, href: BANNER.link });
  });

  it("is absent from pages when it is off, and from newsroom pages when it is on", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 0, 2, 0, 0, 0));
    const off = await getPage("/world/europe/a-story", envWithBanner(null));
    expect(bannerRegion(off.text)).toBeNull();
    expect(bootData(off.text).banner).toBeNull();
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 0, 3, 0, 0, 0));
    const newsroom = await getPage("/newsroom/join", envWithBanner(BANNER));
    expect(newsroom.response.status).toBe(200);
    expect(newsroom.text).toContain("Join the staff");
    expect(bannerRegion(newsroom.text)).toBeNull();
    expect(bootData(newsroom.text).banner).toBeNull();
  });

  it("never links an address that is not a same-site path or https, whatever the API says", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 0, 4, 0, 0, 0));
    for (const link of ["javascript:alert(1)", "//evil.example/", "http://example.org/"]) {
      forgetEdgeState();
      vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 0, 5 + link.length, 0, 0, 0));
      const { text } = await getPage("/world/europe/a-story", envWithBanner({ ...BANNER, link }));
      expect(bannerRegion(text), link).toBeNull();
    }
  });
});

describe("the banner on client-side navigation", () => {
  it("comes with a reader page's navigation answer, on or off, and never with the newsroom's", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 1, 1, 0, 0, 0));
    const on = await getPage("/_edge/navigate?path=/world/europe/a-story", envWithBanner(BANNER));
    const answer = checkNavigationAnswer(JSON.parse(on.text));
    expect(answer).toMatchObject({
      outcome: "fragment",
      banner: { headline: BANNER.headline, href: BANNER.link },
    });
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 1, 2, 0, 0, 0));
    const off = await getPage("/_edge/navigate?path=/world/europe/a-story", envWithBanner(null));
    expect(JSON.parse(off.text)).toMatchObject({ outcome: "fragment", banner: null });
    vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2030, 1, 3, 0, 0, 0));
    const newsroom = await getPage("/_edge/navigate?path=/newsroom/join", envWithBanner(BANNER));
    expect(JSON.parse(newsroom.text)).toMatchObject({ outcome: "fragment" });
    expect(JSON.parse(newsroom.text)).not.toHaveProperty("banner");
  });
});

describe("the banner and the edge cache", () => {
  it("re-keys kept pages when the banner goes on and off (the content version moves)", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    const first = await get(env, path);
    expect(bannerRegion(first.html)).toBeNull();
    expect((await get(env, path)).response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");

    room.banner = BANNER;
    room.version = `${room.version}-banner-on`;
    const on = await get(env, path);
    expect(on.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(bannerRegion(on.html)).toContain(BANNER.headline);
    const kept = await get(env, path);
    expect(kept.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(bannerRegion(kept.html)).toContain(BANNER.headline);

    room.banner = null;
    room.version = `${room.version}-banner-off`;
    const off = await get(env, path);
    expect(off.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(bannerRegion(off.html)).toBeNull();
    // The banner is read once per content version, not once per page.
    const bannerReads = room.apiCalls.filter((call) => call.endpoint === "banner").length;
    await get(env, freshPath());
    expect(room.apiCalls.filter((call) => call.endpoint === "banner").length).toBe(bannerReads);
  });
});
