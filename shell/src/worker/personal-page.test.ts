import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hrefFor } from "../contract/site-addresses.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { forgetEdgeState } from "./edge-state.ts";
import { resetKeyCache } from "./viewer-session.ts";
import {
  FakePublication,
  freshPath,
  get,
  noncesIn,
  setUpSigner,
  signedIn,
} from "../test/publication-fake.ts";

/**
 * Issue 19, decision 0025: a signed-in reader's page is the kept template of their kind of
 * reader with their own name written in. These prove one reader never gets another's.
 */

beforeAll(setUpSigner);
beforeEach(() => {
  resetKeyCache();
  forgetEdgeState();
});
afterEach(() => vi.restoreAllMocks());

const as = (token: string, extra = "") => ({
  headers: { cookie: `__Host-access=${token}${extra}` },
});

/** The viewer in the page's boot data, as the browser will hydrate it. */
function bootViewer(html: string): unknown {
  const boot = /<script type="application\/json" id="edge-boot">(.*?)<\/script>/s.exec(html);
  return (JSON.parse(boot?.[1] ?? "null") as { viewer: unknown }).viewer;
}

/** The account links of the masthead. */
function accountNav(html: string): string {
  return /<nav class="s-account-nav"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
}

const ADA = `Ada <b>Lovelace</b> & "Co"`;
const GRACE = "Grace O'Hopper";
/** The names as the page's text writes them (React's escaping). */
const AS_TEXT = {
  [ADA]: "Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Co&quot;",
  [GRACE]: "Grace O&#x27;Hopper",
};
const NEWSROOM_LINK = `href="${hrefFor("content.newsroom")}"`;

describe("signed-in readers' pages from a kept template", () => {
  it("two readers alternating on one page each get only their own name, links and boot data", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    const ada = as(await signedIn(ADA));
    const grace = as(await signedIn(GRACE));
    const seen: string[] = [];
    const nonces = new Set<string>();
    for (const [name, other, cookie] of [
      [ADA, GRACE, ada],
      [GRACE, ADA, grace],
      [ADA, GRACE, ada],
      [GRACE, ADA, grace],
    ] as const) {
      const { response, html } = await get(env, path, cookie);
      expect(response.status).toBe(200);
      seen.push(response.headers.get(EDGE_CACHE_HEADER) ?? "");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(bootViewer(html)).toEqual({
        displayName: name,
        role: "reader",
        newsroomVerified: false,
      });
      const nav = accountNav(html);
      expect(nav).toContain(`>${AS_TEXT[name]}</a>`);
      expect(nav).toContain("Log out");
      expect(nav).not.toContain("Log in");
      expect(nav).not.toContain(NEWSROOM_LINK);
      expect(html).not.toContain(other.slice(0, 8));
      expect(html).not.toContain("viewer-");
      // Each response has its own nonce, and its CSP names that one.
      const [nonce] = [...noncesIn(html)];
      expect(noncesIn(html).size).toBe(1);
      expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce ?? "");
    }
    expect(seen).toEqual(["MISS", "HIT", "HIT", "HIT"]);
    expect(nonces.size).toBe(4);
    expect(room.renders).toBe(1);
  });

  it("writes the page byte for byte as a render for that reader alone would", async () => {
    const room = new FakePublication();
    const path = freshPath();
    const name = `Zoë </script><script>alert(1)</script> \u2028 & 'quoted' "name"`;
    const token = await signedIn(name);
    await get(room.env(), path, as(await signedIn("Someone Else")));
    const kept = await get(room.env(), path, as(token));
    const rendered = await get({ ...room.env(), EDGE_CACHE: "off" }, path, as(token));
    expect(kept.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(rendered.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(kept.html)).toBe(withoutNonces(rendered.html));
    expect(bootViewer(kept.html)).toMatchObject({ displayName: name });
  });

  it("keeps staff and readers apart: only staff see the newsroom link", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    const editor = await get(env, path, as(await signedIn("Eddie", "10m", { role: "editor" })));
    const reader = await get(env, path, as(await signedIn("Rita")));
    const verified = await get(
      env,
      path,
      as(await signedIn("Vera", "10m", { role: "editor", newsroomVerified: true })),
    );
    expect(accountNav(editor.html)).toContain(NEWSROOM_LINK);
    expect(bootViewer(editor.html)).toEqual({
      displayName: "Eddie",
      role: "editor",
      newsroomVerified: false,
    });
    expect(accountNav(reader.html)).not.toContain(NEWSROOM_LINK);
    expect(bootViewer(reader.html)).toEqual({
      displayName: "Rita",
      role: "reader",
      newsroomVerified: false,
    });
    expect(bootViewer(verified.html)).toEqual({
      displayName: "Vera",
      role: "editor",
      newsroomVerified: true,
    });
    // Three kinds of reader, three templates.
    for (const page of [editor, reader, verified]) {
      expect(page.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    }
  });

  it("never lets a signed-in reader's page into the anonymous cache, nor the anonymous page into theirs", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    await get(env, path, as(await signedIn(ADA)));
    const anonymous = await get(env, path);
    expect(anonymous.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(accountNav(anonymous.html)).toContain("Log in");
    expect(anonymous.html).not.toContain("Ada");
    expect(anonymous.html).not.toContain("viewer-");
    expect(bootViewer(anonymous.html)).toBeNull();
    const again = await get(env, path);
    expect(again.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    const grace = await get(env, path, as(await signedIn(GRACE)));
    expect(grace.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(accountNav(grace.html)).not.toContain("Log in");
    expect(bootViewer(grace.html)).toMatchObject({ displayName: GRACE });
  });

  it("keeps a session renewal on the full path: the new cookies, and nothing kept", async () => {
    const room = new FakePublication();
    room.refresh = {
      tokens: {
        accessToken: await signedIn("Renewed Reader"),
        accessExpiresIn: 900,
        refreshToken: "next-refresh",
        refreshExpiresIn: 2_592_000,
      },
    };
    const env = room.env();
    const path = freshPath();
    const page = await get(env, path, { headers: { cookie: "__Host-refresh=old-refresh" } });
    expect(page.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    expect(page.response.headers.get("set-cookie")).toContain("__Host-access=");
    expect(bootViewer(page.html)).toMatchObject({ displayName: "Renewed Reader" });
    const next = await get(env, path, as(await signedIn("Another Reader")));
    expect(next.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
  });

  it("renders a page the fragment calls private for the reader alone, every time", async () => {
    const room = new FakePublication();
    room.scope = "private";
    const env = room.env();
    const path = freshPath();
    const ada = await get(env, path, as(await signedIn(ADA)));
    const grace = await get(env, path, as(await signedIn(GRACE)));
    expect(ada.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    expect(grace.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    expect(bootViewer(grace.html)).toMatchObject({ displayName: GRACE });
    expect(room.renders).toBe(2);
  });

  it("answers HEAD with the page's headers and no body", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    await get(env, path, as(await signedIn(ADA)));
    const head = await get(env, path, { method: "HEAD", ...as(await signedIn(GRACE)) });
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(head.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await head.response.text()).toBe("");
  });

  it("picks the template by the reader's saved state: one reader's Saved is never another's", async () => {
    const room = new FakePublication();
    const adaToken = await signedIn(ADA);
    room.savedState = (call) => ({ saved: call.headers.authorization === `Bearer ${adaToken}` });
    const env = room.env();
    const path = freshPath();
    const graceToken = await signedIn(GRACE);
    for (let round = 0; round < 2; round++) {
      const ada = await get(env, path, as(adaToken));
      const grace = await get(env, path, as(graceToken));
      expect(ada.html).toContain("<p>Saved</p>");
      expect(grace.html).toContain("<p>Save for later</p>");
      expect(grace.html).not.toContain("<p>Saved</p>");
      expect(bootViewer(ada.html)).toMatchObject({ displayName: ADA });
      expect(bootViewer(grace.html)).toMatchObject({ displayName: GRACE });
    }
    expect(room.renders).toBe(2);
  });
});

describe("the saved state kept for the edge state's time", () => {
  it("asks once a second per reader and article, and again after the reader posts anything", async () => {
    const room = new FakePublication();
    room.stateTtl = "1000";
    let saved = false;
    room.savedState = () => ({ saved });
    const env = room.env();
    const path = freshPath();
    const token = await signedIn(ADA);
    const calls = () => room.apiCalls.filter((call) => call.endpoint === "savedState").length;
    expect((await get(env, path, as(token))).html).toContain("<p>Save for later</p>");
    expect((await get(env, path, as(token))).html).toContain("<p>Save for later</p>");
    expect(calls()).toBe(1);
    // Another reader is asked about on their own.
    await get(env, path, as(await signedIn(GRACE)));
    expect(calls()).toBe(2);
    // The reader saves it (a form posted to their profile): their next page asks again.
    saved = true;
    await get(env, hrefFor("account.profile"), { method: "POST", ...as(token) });
    expect((await get(env, path, as(token))).html).toContain("<p>Saved</p>");
    expect(calls()).toBe(3);
  });
});

describe("a kept page's headers", () => {
  /** Every header but the two each response has its own of. */
  const lasting = (response: Response) =>
    [...response.headers].filter(
      ([name]) => name !== "content-security-policy" && name !== EDGE_CACHE_HEADER,
    );

  it("are the headers of the page as rendered, security headers included, for anonymous and signed-in readers", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    const ada = as(await signedIn(ADA));
    for (const init of [{}, ada]) {
      const rendered = await get({ ...env, EDGE_CACHE: "off" }, path, init);
      await get(env, path, init);
      const kept = await get(env, path, init);
      expect(kept.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
      expect(lasting(kept.response)).toEqual(lasting(rendered.response));
      for (const name of [
        "strict-transport-security",
        "x-content-type-options",
        "permissions-policy",
        "cross-origin-opener-policy",
        "referrer-policy",
      ]) {
        expect(kept.response.headers.get(name)).toBeTruthy();
      }
    }
  });
});
