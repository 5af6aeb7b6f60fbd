import { describe, expect, it } from "vitest";
import { checkBootData, checkNavigationAnswer } from "./navigation-checks.ts";
import { BootDataSchema, NavigationAnswerSchema } from "./navigation-contract.ts";

const head = { title: "A title", description: "", canonical: "http://127.0.0.1/x" };
const answers: unknown[] = [
  {
    outcome: "fragment",
    fragment: "content",
    routeId: "article",
    buildId: "abc123def456",
    props: { any: ["thing"] },
    stylesheets: ["/_mf/content/abc123def456/fragment.css"],
    head,
  },
  { outcome: "redirect", location: "/elsewhere" },
  { outcome: "not-found", head },
  { outcome: "forbidden", head },
  {
    outcome: "fragment",
    fragment: "content",
    routeId: "content.newsroom-story",
    buildId: "abc123def456",
    props: { revision: "r2" },
    stylesheets: [],
    head,
    status: 409,
  },
  { outcome: "unavailable", fragment: "paper", head },
];
const broken: unknown[] = [
  null,
  [],
  { outcome: "fragment" },
  { ...(answers[0] as object), fragment: "sports" },
  { ...(answers[0] as object), buildId: "../../evil" },
  { ...(answers[0] as object), stylesheets: [1] },
  { ...(answers[0] as object), head: { title: "x" } },
  { ...(answers[0] as object), status: "409" },
  { ...(answers[0] as object), banner: { headline: "Polls close" } },
  { ...(answers[0] as object), banner: "Polls close" },
  { outcome: "forbidden" },
  { outcome: "redirect" },
  { outcome: "unavailable", fragment: "content" },
  { outcome: "teapot", head },
];

describe("the browser's hand-written checks agree with the zod schemas", () => {
  it("accept what the schema accepts, with the same result", () => {
    for (const answer of answers) {
      expect(checkNavigationAnswer(answer)).toEqual(NavigationAnswerSchema.parse(answer));
    }
    const boot = {
      publicationName: "The Daily Edge",
      sections: [{ slug: "science", name: "Science" }],
      banner: null,
      dateLine: "Sunday 22 November 2026",
      viewer: { displayName: "Ada", role: "editor", newsroomVerified: true },
      initial: answers[0],
    };
    expect(checkBootData(boot)).toEqual(BootDataSchema.parse(boot));
    expect(checkBootData({ ...boot, viewer: null })).toEqual(
      BootDataSchema.parse({ ...boot, viewer: null }),
    );
    const banner = { headline: "Polls close", href: "/politics/polls-close" };
    expect(checkBootData({ ...boot, banner })).toEqual(BootDataSchema.parse({ ...boot, banner }));
    for (const withBanner of [
      { ...(answers[0] as object), banner },
      { ...(answers[0] as object), banner: null },
    ]) {
      expect(checkNavigationAnswer(withBanner)).toEqual(NavigationAnswerSchema.parse(withBanner));
    }
  });

  it("reject what the schema rejects", () => {
    for (const answer of broken) {
      expect(NavigationAnswerSchema.safeParse(answer).success).toBe(false);
      expect(() => checkNavigationAnswer(answer)).toThrow();
    }
    const boot = { sections: [{ slug: 1 }], dateLine: "", viewer: null, initial: answers[1] };
    expect(BootDataSchema.safeParse(boot).success).toBe(false);
    expect(() => checkBootData(boot)).toThrow();
    const good = {
      publicationName: "The Daily Edge",
      sections: [],
      banner: null,
      dateLine: "",
      initial: answers[1],
    };
    for (const banner of [undefined, { headline: "Polls close" }, { headline: 1, href: "/" }]) {
      const withBanner = { ...good, viewer: null, banner };
      expect(BootDataSchema.safeParse(withBanner).success).toBe(false);
      expect(() => checkBootData(withBanner)).toThrow();
    }
    for (const viewer of [
      { displayName: "Ada" },
      { displayName: "Ada", role: "owner", newsroomVerified: true },
      { displayName: "Ada", role: "editor", newsroomVerified: "yes" },
    ]) {
      expect(BootDataSchema.safeParse({ ...good, viewer }).success).toBe(false);
      expect(() => checkBootData({ ...good, viewer })).toThrow();
    }
  });
});
