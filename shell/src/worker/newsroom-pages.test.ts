import { JwksAnswerSchema } from "edge-api/contract/account";
import { apiFailure, createFakeApi, type FakeApi } from "edge-api/fake";
import { decodeJwt } from "jose";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  FragmentAnswer,
  FragmentName,
  FragmentRequest,
} from "../contract/fragment-contract.ts";
import { NavigationAnswerSchema } from "../contract/navigation-contract.ts";
import { callShell } from "../test/call-shell.ts";
import {
  ORIGIN,
  createTestSigner,
  json,
  testEnv,
  type TestClaims,
  type TestSigner,
} from "../test/fake-shell-env.ts";
import { bootData } from "../test/page-fakes.ts";
import type { ServiceBinding, ShellEnv } from "./shell-env.ts";
import { resetKeyCache } from "./viewer-session.ts";

/**
 * The shell's side of the newsroom (issue 13): the door, what a newsroom page's fragment is
 * sent, forms and the navigation endpoint, the headers of newsroom answers, and the chrome.
 */

let signer: TestSigner;
beforeAll(async () => {
  signer = await createTestSigner();
});
beforeEach(() => resetKeyCache());

// The Cache API outlives a test: reader pages get addresses of this run's own.
const RUN = crypto.randomUUID().slice(0, 8);
const BUILD = "abc123def456";

type Answerer = (request: FragmentRequest) => FragmentAnswer;
type PageAnswer = Extract<FragmentAnswer, { kind: "page" }>;

function deskPage(request: FragmentRequest): PageAnswer {
  return {
    kind: "page",
    status: 200,
    head: {
      title: "Stories | Newsroom",
      description: "",
      canonicalPath: request.path,
      robots: "noindex, nofollow",
    },
    html: `<h1>Desk ${request.routeId}</h1>`,
    props: { routeId: request.routeId, revision: "r1" },
    buildId: BUILD,
    stylesheets: [],
    cache: { scope: "private", maxAge: 0 },
  };
}

function readerPage(request: FragmentRequest): FragmentAnswer {
  return {
    kind: "page",
    status: 200,
    head: { title: "A story", description: "", canonicalPath: request.path },
    html: "<article><h1>A story</h1></article>",
    props: {},
    buildId: BUILD,
    stylesheets: [],
    cache: { scope: "public", maxAge: 60 },
  };
}

interface Desk {
  env: ShellEnv;
  api: FakeApi;
  /**
   * What the API's D1 says of the person now; null: what their token says (the usual case).
   * A test sets it to play a role removed or a newsroom session ended after the token.
   */
  standing: { role: "reader" | "contributor" | "editor" | "admin"; verified: boolean } | null;
  /** Render requests each fragment received, in order. */
  seen: Record<FragmentName, FragmentRequest[]>;
  /** How each fragment answers; change it per test. */
  answer: Record<FragmentName, Answerer>;
}

function makeDesk(): Desk {
  const seen: Record<FragmentName, FragmentRequest[]> = { content: [], account: [], paper: [] };
  const answer: Record<FragmentName, Answerer> = {
    content: (request) =>
      request.routeId.includes("newsroom") ? deskPage(request) : readerPage(request),
    account: deskPage,
    paper: readerPage,
  };
  const binding = (name: FragmentName): ServiceBinding => ({
    async fetch(input, init) {
      const request = new Request(input, init);
      // The live build, so that readers' pages are kept at the edge as usual.
      if (request.method === "GET") return json({ buildId: BUILD });
      const body = (await request.json()) as FragmentRequest;
      seen[name].push(body);
      return json(answer[name](body));
    },
  });
  const desk = { standing: null } as Pick<Desk, "standing">;
  const api = createFakeApi({
    // The second-factor state, as the API reads it from D1 (the shell asks on newsroom pages).
    secondFactor: (call) => {
      const token = (call.headers.authorization ?? "").replace(/^Bearer /, "");
      const claims = decodeJwt(token);
      const standing = desk.standing ?? {
        role: (claims.role as "contributor" | "editor" | "admin" | undefined) ?? "reader",
        verified: claims.nsv === true,
      };
      if (standing.role === "reader") return apiFailure(403, "forbidden");
      return {
        role: standing.role,
        enrolled: true,
        verified: standing.verified,
        recoveryCodesLeft: 10,
      };
    },
    jwks: () => JwksAnswerSchema.parse(signer.jwks),
    sections: { sections: [{ slug: "world", name: "World", description: "", categories: [] }] },
    contentVersion: { version: `newsroom-${RUN}` },
    logout: null,
  });
  const env = testEnv(binding("content"), api.binding, {
    ACCOUNT: binding("account"),
    PAPER: binding("paper"),
  });
  return Object.assign(desk, { env, api, seen, answer }) as Desk;
}

async function cookieFor(name: string, claims?: TestClaims): Promise<string> {
  return `__Host-access=${await signer.accessToken(name, "10m", claims)}`;
}

const people = {
  anonymous: async () => null,
  reader: () => cookieFor("Rita Reader"),
  contributor: () => cookieFor("Carl Contributor", { role: "contributor" }),
  verifiedContributor: () =>
    cookieFor("Carl Contributor", { role: "contributor", newsroomVerified: true }),
  editor: () => cookieFor("Edie Editor", { role: "editor", newsroomVerified: true }),
  admin: () => cookieFor("Ada Admin", { role: "admin", newsroomVerified: true }),
};

async function send(desk: Desk, path: string, cookie: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  const response = await callShell(new Request(`${ORIGIN}${path}`, { ...init, headers }), desk.env);
  return { response, text: await response.text() };
}

function formPost(body: string, extra: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...extra },
  };
}

describe("the newsroom's door", () => {
  const storyPath = "/newsroom/stories/st-1?tab=seo";

  it("reads the role from the API on newsroom pages: a role removed since the token was issued closes the door at once", async () => {
    const desk = makeDesk();
    desk.standing = { role: "reader", verified: false };
    const { response, text } = await send(desk, storyPath, await people.editor());
    expect(response.status).toBe(403);
    expect(text).toContain("The newsroom is for the publication’s staff");
    // No newsroom chrome around the refusal, and no fragment asked.
    expect(text).not.toContain('href="/newsroom/stories/new"');
    expect(desk.seen.content).toHaveLength(0);
    expect(desk.api.calls.map((call) => call.endpoint)).toContain("secondFactor");
  });

  it("sends staff whose newsroom session has ended to enter their code, whatever the token says", async () => {
    const desk = makeDesk();
    desk.standing = { role: "editor", verified: false };
    const { response } = await send(desk, storyPath, await people.editor());
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location") ?? "", ORIGIN).pathname).toBe(
      "/newsroom/sign-in",
    );
    expect(desk.seen.content).toHaveLength(0);
  });

  it("lets a reader promoted since the token was issued in, with the role the API names", async () => {
    const desk = makeDesk();
    desk.standing = { role: "admin", verified: true };
    const { response } = await send(desk, storyPath, await people.reader());
    expect(response.status).toBe(200);
    expect(desk.seen.content[0]?.viewer).toMatchObject({ role: "admin", newsroomVerified: true });
  });

  it("does not ask the API about the person on readers' pages or open newsroom pages", async () => {
    const desk = makeDesk();
    await send(desk, `/world?run=${RUN}`, await people.editor());
    await send(desk, "/newsroom/join?token=abc", await people.editor());
    expect(desk.api.calls.map((call) => call.endpoint)).not.toContain("secondFactor");
  });

  it("sends anonymous visitors to log in, keeping the path and query", async () => {
    const desk = makeDesk();
    for (const path of [storyPath, "/newsroom/sign-in?next=%2Fnewsroom"]) {
      const { response } = await send(desk, path, null);
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location") ?? "", ORIGIN);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("next")).toBe(path);
    }
    expect(desk.seen.content).toHaveLength(0);
    expect(desk.seen.account).toHaveLength(0);
  });

  it("gives readers the shell's 403 page with a way back", async () => {
    const desk = makeDesk();
    for (const path of [storyPath, "/newsroom/sign-in"]) {
      const { response, text } = await send(desk, path, await people.reader());
      expect(response.status).toBe(403);
      expect(text).toContain("The newsroom is for the publication’s staff");
      expect(text).toContain('href="/"');
      expect(bootData(text).initial.outcome).toBe("forbidden");
    }
    expect(desk.seen.content).toHaveLength(0);
    expect(desk.seen.account).toHaveLength(0);
  });

  it("sends staff without the second factor to enter their code, keeping the path", async () => {
    const desk = makeDesk();
    const { response } = await send(desk, storyPath, await people.contributor());
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "", ORIGIN);
    expect(location.pathname).toBe("/newsroom/sign-in");
    expect(location.searchParams.get("next")).toBe(storyPath);
    expect(desk.seen.content).toHaveLength(0);
  });

  it("lets staff without the second factor reach the second-factor page", async () => {
    const desk = makeDesk();
    const { response } = await send(desk, "/newsroom/sign-in", await people.contributor());
    expect(response.status).toBe(200);
    expect(desk.seen.account.map((request) => request.routeId)).toEqual([
      "account.newsroom-sign-in",
    ]);
  });

  it("lets verified staff in", async () => {
    const desk = makeDesk();
    for (const who of [people.editor, people.verifiedContributor]) {
      const { response, text } = await send(desk, storyPath, await who());
      expect(response.status).toBe(200);
      expect(text).toContain("<h1>Desk content.newsroom-story</h1>");
    }
    expect(desk.seen.content[0]).toMatchObject({
      routeId: "content.newsroom-story",
      params: { id: "st-1" },
      search: "?tab=seo",
      viewer: { displayName: "Edie Editor", role: "editor", newsroomVerified: true },
    });
  });

  it("opens an open page (accepting an invitation) to anyone", async () => {
    const desk = makeDesk();
    for (const who of Object.values(people)) {
      const { response } = await send(desk, "/newsroom/join?token=invite-1", await who());
      expect(response.status).toBe(200);
    }
    expect(desk.seen.account).toHaveLength(Object.keys(people).length);
  });
});

describe("what a newsroom page's fragment is sent", () => {
  it("carries the access token to the fragment that owns the newsroom route only", async () => {
    const desk = makeDesk();
    const cookie = await people.editor();
    const token = cookie.slice("__Host-access=".length);
    await send(desk, "/newsroom", cookie);
    await send(desk, "/newsroom/staff", cookie);
    await send(desk, "/world/europe/a-story", cookie);
    await send(desk, "/todays-paper", cookie);
    expect(desk.seen.content.map((r) => [r.routeId, r.accessToken])).toEqual([
      ["content.newsroom", token],
      ["content.article", null],
    ]);
    expect(desk.seen.account.map((r) => [r.routeId, r.accessToken])).toEqual([
      ["account.newsroom-staff", token],
    ]);
    expect(desk.seen.paper.map((r) => r.accessToken)).toEqual([null]);
  });
});

describe("newsroom forms", () => {
  it("passes a 400 KB form to the fragment that owns the page", async () => {
    const desk = makeDesk();
    desk.answer.content = (request) => ({
      kind: "redirect",
      status: 303,
      location: `${request.path}?saved=1`,
    });
    const body = `intent=save&body=${"a".repeat(400 * 1024)}`;
    const { response } = await send(
      desk,
      "/newsroom/stories/st-1",
      await people.editor(),
      formPost(body),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/newsroom/stories/st-1?saved=1");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(desk.seen.content[0]?.method).toBe("POST");
    expect(desk.seen.content[0]?.form?.body).toHaveLength(400 * 1024);
  });

  it("refuses a 600 KB form with 413 and says why", async () => {
    const desk = makeDesk();
    const body = `intent=save&body=${"a".repeat(600 * 1024)}`;
    const { response, text } = await send(
      desk,
      "/newsroom/stories/st-1",
      await people.editor(),
      formPost(body),
    );
    expect(response.status).toBe(413);
    expect(text).toContain("512 KB");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(desk.seen.content).toHaveLength(0);
  });

  it("keeps the 16 KB limit on readers' account pages", async () => {
    const desk = makeDesk();
    const { response } = await send(
      desk,
      "/profile",
      await people.editor(),
      formPost(`name=${"a".repeat(20 * 1024)}`),
    );
    expect(response.status).toBe(413);
  });

  it("refuses a form from another site with 403", async () => {
    const desk = makeDesk();
    const { response } = await send(
      desk,
      "/newsroom/stories/st-1",
      await people.editor(),
      formPost("intent=publish", { origin: "https://evil.example" }),
    );
    expect(response.status).toBe(403);
    expect(desk.seen.content).toHaveLength(0);
  });

  it("keeps the door on form posts", async () => {
    const desk = makeDesk();
    const { response } = await send(
      desk,
      "/newsroom/stories/st-1",
      await people.reader(),
      formPost("intent=publish"),
    );
    expect(response.status).toBe(403);
    expect(desk.seen.content).toHaveLength(0);
  });

  it("passes the fragment's page status on (a stale save is 409)", async () => {
    const desk = makeDesk();
    desk.answer.content = (request) => ({ ...deskPage(request), status: 409 });
    const { response } = await send(
      desk,
      "/newsroom/stories/st-1",
      await people.editor(),
      formPost("intent=save&revision=r0"),
    );
    expect(response.status).toBe(409);
  });

  it("leaves readers' content pages read-only", async () => {
    const desk = makeDesk();
    const { response } = await send(desk, `/world/europe/${RUN}-post`, null, formPost("a=b"));
    expect(response.status).toBe(405);
  });
});

describe("POST /_edge/navigate for newsroom forms", () => {
  const navigate = (path: string) => `/_edge/navigate?path=${encodeURIComponent(path)}`;

  it("answers the page's props and status as the navigation JSON", async () => {
    const desk = makeDesk();
    desk.answer.content = (request) => ({
      ...deskPage(request),
      status: 422,
      props: { saved: false, form: request.form },
    });
    const { response, text } = await send(
      desk,
      navigate("/newsroom/stories/st-1"),
      await people.editor(),
      formPost("intent=save&headline=Rain"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const answer = NavigationAnswerSchema.parse(JSON.parse(text));
    expect(answer).toMatchObject({
      outcome: "fragment",
      routeId: "content.newsroom-story",
      status: 422,
      props: { saved: false, form: { intent: "save", headline: "Rain" } },
    });
    expect(desk.seen.content[0]).toMatchObject({ method: "POST", path: "/newsroom/stories/st-1" });
  });

  it("answers a redirect as a redirect outcome", async () => {
    const desk = makeDesk();
    desk.answer.content = () => ({ kind: "redirect", status: 303, location: "/newsroom" });
    const { text } = await send(
      desk,
      navigate("/newsroom/stories/st-1"),
      await people.editor(),
      formPost("intent=submit"),
    );
    expect(JSON.parse(text)).toEqual({ outcome: "redirect", location: "/newsroom" });
  });

  it("keeps the door: anonymous visitors are told to log in, readers are turned away", async () => {
    const desk = makeDesk();
    const path = "/newsroom/stories/st-1";
    const anonymous = await send(desk, navigate(path), null, formPost("intent=save"));
    expect(JSON.parse(anonymous.text)).toEqual({
      outcome: "redirect",
      location: `/login?next=${encodeURIComponent(path)}`,
    });
    const reader = await send(desk, navigate(path), await people.reader(), formPost("a=b"));
    expect(JSON.parse(reader.text)).toMatchObject({ outcome: "forbidden" });
    expect(desk.seen.content).toHaveLength(0);
  });

  it("checks the same things as a page's form", async () => {
    const desk = makeDesk();
    const cookie = await people.editor();
    const path = navigate("/newsroom/stories/st-1");
    const crossSite = await send(desk, path, cookie, {
      ...formPost("intent=save"),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://x.example" },
    });
    expect(crossSite.response.status).toBe(403);
    const large = await send(desk, path, cookie, formPost(`b=${"a".repeat(600 * 1024)}`));
    expect(large.response.status).toBe(413);
    const asJson = await send(desk, path, cookie, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: ORIGIN },
    });
    expect(asJson.response.status).toBe(415);
    expect(desk.seen.content).toHaveLength(0);
  });

  it("still answers 405 for a POST about a reader's page and 400 for a bad path", async () => {
    const desk = makeDesk();
    const reader = await send(desk, navigate("/world"), null, formPost("a=b"));
    expect(reader.response.status).toBe(405);
    const bad = await send(desk, "/_edge/navigate?path=https%3A%2F%2Fevil.example", null, {
      ...formPost("a=b"),
    });
    expect(bad.response.status).toBe(400);
  });

  it("honours the account fragment's session change, and ignores any other fragment's", async () => {
    const desk = makeDesk();
    const session = {
      kind: "set" as const,
      accessToken: "a.b.c",
      accessMaxAge: 900,
      refreshToken: "r2",
      refreshMaxAge: 1000,
    };
    desk.answer.account = () => ({ kind: "redirect", status: 303, location: "/newsroom", session });
    desk.answer.content = () => ({ kind: "redirect", status: 303, location: "/newsroom", session });
    const cookie = await people.contributor();
    const signIn = await send(desk, navigate("/newsroom/sign-in"), cookie, formPost("code=1"));
    expect(signIn.response.headers.getSetCookie().join("\n")).toContain("__Host-access=a.b.c");
    const page = await send(desk, "/newsroom/sign-in", cookie, formPost("code=123456"));
    expect(page.response.headers.getSetCookie().join("\n")).toContain("__Host-access=a.b.c");
    const story = await send(
      desk,
      navigate("/newsroom/stories/st-1"),
      await people.editor(),
      formPost("intent=save"),
    );
    expect(story.response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the headers of newsroom answers", () => {
  it("are no-store, noindex and no-referrer, never kept at the edge", async () => {
    const desk = makeDesk();
    const cookie = await people.editor();
    for (const path of ["/newsroom", "/newsroom/preview/tok-1", "/newsroom/join?token=t"]) {
      const { response } = await send(desk, path, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("x-edge-cache")).toBe("BYPASS");
    }
    // An anonymous visitor on an open page is not served from the edge either.
    const first = await send(desk, "/newsroom/join?token=t", null);
    const again = await send(desk, "/newsroom/join?token=t", null);
    expect(first.response.headers.get("x-edge-cache")).toBe("BYPASS");
    expect(again.response.headers.get("x-edge-cache")).toBe("BYPASS");
    expect(desk.api.calls.some((call) => call.endpoint === "contentVersion")).toBe(false);
    // The newsroom's chrome has no section menu, so no sections are read either.
    expect(desk.api.calls.some((call) => call.endpoint === "sections")).toBe(false);
    // The door's answers carry them too.
    const door = await send(desk, "/newsroom", null);
    expect(door.response.headers.get("x-robots-tag")).toBe("noindex");
    expect(door.response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(door.response.headers.get("cache-control")).toBe("no-store");
  });

  it("leave readers' pages as they were: kept at the edge, no robots header", async () => {
    const desk = makeDesk();
    const path = `/world/europe/${RUN}-story`;
    const first = await send(desk, path, null);
    const again = await send(desk, path, null);
    expect(first.response.status).toBe(200);
    expect(again.response.headers.get("x-edge-cache")).toBe("HIT");
    expect(again.response.headers.get("cache-control")).toContain("public");
    expect(again.response.headers.get("x-robots-tag")).toBeNull();
    expect(again.response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(desk.seen.content).toHaveLength(1);
  });
});

describe("the newsroom's chrome", () => {
  it("shows the desk's navigation, the person and their role, and a way to sign out", async () => {
    const desk = makeDesk();
    const { text } = await send(desk, "/newsroom/stories/st-1", await people.editor());
    expect(text).toContain('aria-label="Newsroom"');
    for (const link of [
      "/newsroom",
      "/newsroom/stories/new",
      "/newsroom/front-page",
      "/newsroom/media",
      "/newsroom/sections",
    ]) {
      expect(text).toContain(`href="${link}"`);
    }
    expect(text).toContain('href="/newsroom/authors"');
    expect(text).toContain('href="/newsroom/tags"');
    expect(text).toContain('href="/newsroom/security"');
    expect(text).toContain("Edie Editor");
    expect(text).toContain("Editor</span>");
    expect(text).toContain('href="/logout"');
    // Admin-only links are for admins.
    expect(text).not.toContain('href="/newsroom/staff"');
    expect(text).not.toContain('href="/newsroom/audit"');
    // Not the readers' masthead.
    expect(text).not.toContain('aria-label="Sections"');
    expect(bootData(text).viewer).toEqual({
      displayName: "Edie Editor",
      role: "editor",
      newsroomVerified: true,
    });
  });

  it("shows the staff and audit log links to admins", async () => {
    const desk = makeDesk();
    const { text } = await send(desk, "/newsroom", await people.admin());
    expect(text).toContain('href="/newsroom/staff"');
    expect(text).toContain('href="/newsroom/audit"');
    expect(text).toContain("Administrator</span>");
  });

  it("shows the Import link to admins only (issue 18)", async () => {
    const desk = makeDesk();
    const { text } = await send(desk, "/newsroom", await people.admin());
    expect(text).toContain('<a href="/newsroom/import">Import</a>');
    for (const person of [people.editor, people.verifiedContributor]) {
      const other = await send(desk, "/newsroom", await person());
      expect(other.text).toContain('aria-label="Newsroom"');
      expect(other.text).not.toContain('href="/newsroom/import"');
    }
  });

  it("shows the print desk link to editors and admins, not to contributors", async () => {
    const desk = makeDesk();
    for (const person of [people.editor, people.admin]) {
      const { text } = await send(desk, "/newsroom", await person());
      expect(text).toContain('<a href="/newsroom/print">Print desk</a>');
    }
    const { text } = await send(desk, "/newsroom", await people.verifiedContributor());
    expect(text).toContain('aria-label="Newsroom"');
    expect(text).not.toContain('href="/newsroom/print"');
  });

  it("shows no desk navigation before the second factor", async () => {
    const desk = makeDesk();
    const { text } = await send(desk, "/newsroom/sign-in", await people.contributor());
    expect(text).not.toContain('aria-label="Newsroom"');
    expect(text).toContain("Carl Contributor");
    expect(text).toContain('href="/logout"');
  });

  it("keeps the readers' masthead on readers' pages", async () => {
    const desk = makeDesk();
    const { text } = await send(desk, `/world/europe/${RUN}-chrome`, await people.editor());
    expect(text).toContain('aria-label="Sections"');
    expect(text).not.toContain('aria-label="Newsroom"');
    // Staff find their way to the desk from the masthead; readers are not shown it.
    expect(text).toContain('<a href="/newsroom">Newsroom</a>');
    const reader = await send(desk, `/world/europe/${RUN}-chrome`, await people.reader());
    expect(reader.text).not.toContain('href="/newsroom"');
  });
});
