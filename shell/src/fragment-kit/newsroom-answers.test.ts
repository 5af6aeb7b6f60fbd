import { describe, expect, it } from "vitest";
import type { FragmentRequest } from "../contract/fragment-contract.ts";
import { answering, newsroomPageOutcome, NewsroomAnswer, signInAgain } from "./newsroom-answers.ts";

const request = {
  routeId: "paper.newsroom-print",
  method: "GET",
  client: { ip: "", userAgent: "" },
  accessToken: "t",
  params: {},
  path: "/newsroom/print",
  search: "?done=planned",
  viewer: null,
  requestId: "r",
  origin: "https://daily-edge.example",
  saved: null,
} satisfies FragmentRequest;

describe("the kit's newsroom answers", () => {
  it("sends a person whose newsroom session ended to the second factor, then back", () => {
    const failure = { ok: false as const, status: 401, code: "second_factor_required" };
    expect(signInAgain(request, failure, false)).toEqual({
      kind: "redirect",
      status: 302,
      location: "/newsroom/sign-in?next=%2Fnewsroom%2Fprint%3Fdone%3Dplanned",
    });
  });

  it("sends anyone else the API no longer knows to log in; after a form with 303 and the path", () => {
    const failure = { ok: false as const, status: 401, code: "unauthorized" };
    expect(signInAgain(request, failure, true)).toEqual({
      kind: "redirect",
      status: 303,
      location: "/login?next=%2Fnewsroom%2Fprint",
    });
    expect(signInAgain(request, { ok: false, status: 403, code: "forbidden" }, true)).toBeNull();
  });

  it("makes newsroom pages private and never indexed", () => {
    const page = newsroomPageOutcome({
      request,
      publicationName: "The Daily Edge",
      title: "Print desk",
      props: { view: "x" },
      status: 409,
    });
    expect(page).toMatchObject({
      kind: "page",
      status: 409,
      head: { title: "Print desk | Newsroom | The Daily Edge", robots: "noindex, nofollow" },
      cache: { scope: "private", maxAge: 0 },
    });
  });

  it("turns an early answer into the route's outcome and lets other errors through", async () => {
    const early = { kind: "not-found" } as const;
    await expect(answering(() => Promise.reject(new NewsroomAnswer(early)))).resolves.toEqual(
      early,
    );
    await expect(answering(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
