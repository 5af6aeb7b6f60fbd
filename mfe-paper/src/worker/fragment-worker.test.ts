import { createExecutionContext } from "cloudflare:test";
import { aPlacement, anEdition, anEditionPage } from "edge-api/fake/editions";
import { FRAGMENT_RENDER_PATH, FragmentAnswerSchema, type FragmentRequest } from "shell/contract";
import { describe, expect, it } from "vitest";
import { paperWorker } from "./fragment-worker.ts";
import type { PaperEnv } from "./fragment-env.ts";
import { editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest, TEST_BUILD_ID } from "../test/test-bindings.ts";

async function render(request: FragmentRequest, env: PaperEnv) {
  const response = await paperWorker.fetch!(
    new Request(`https://mfe-paper.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    }) as Request<unknown, IncomingRequestCfProperties>,
    env,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return FragmentAnswerSchema.parse(await response.json());
}

function editionOf(date: string) {
  return anEdition(date, {
    edition: {
      date,
      pages: [
        anEditionPage("A", 1, [
          aPlacement({ printHeadline: "Storm closes every port on the east coast" }),
          aPlacement({ printHeadline: "Council votes to keep libraries open" }),
        ]),
        anEditionPage("A", 2, [aPlacement({ printHeadline: "Rail fares frozen for a year" })]),
        anEditionPage("B", 1, [aPlacement({ printHeadline: "Markets shrug off rate rise" })]),
      ],
    },
    previousDate: "2026-11-20",
    nextDate: "2026-11-22",
  });
}

const headlines = [
  "Storm closes every port on the east coast",
  "Council votes to keep libraries open",
  "Rail fares frozen for a year",
  "Markets shrug off rate rise",
];

describe("the paper fragment Worker", () => {
  it("answers paper.edition with a page that follows the contract", async () => {
    const answer = await render(
      renderRequest({
        routeId: "paper.edition",
        params: { date: "2026-11-21" },
        path: "/todays-paper/2026-11-21",
      }),
      fakeEnv(editionsApi([editionOf("2026-11-21")])),
    );
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    for (const headline of headlines) expect(answer.html).toContain(headline);
    expect(answer.html).toMatch(
      /<h1[^>]*>The paper for <time[^>]*>Saturday 21 November 2026<\/time><\/h1>/,
    );
    expect(answer.html).toMatch(/A1/);
    expect(answer.html).toMatch(/B1/);
    expect(answer.html).toContain('href="/todays-paper/2026-11-20"');
    expect(answer.html).toContain('href="/todays-paper/2026-11-22"');
    const form = /<form[^>]*>/.exec(answer.html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/todays-paper"');
    const input = /<input[^>]*name="date"[^>]*>/.exec(answer.html)?.[0] ?? "";
    expect(input).toContain('type="date"');
    expect(answer.buildId).toBe(TEST_BUILD_ID);
    expect(answer.stylesheets).toEqual([`/_mf/paper/${TEST_BUILD_ID}/fragment.css`]);
    expect(answer.head.title).toBe("The paper for 21 November 2026 | The Daily Edge");
    expect(answer.head.meta).toContainEqual({
      property: "og:url",
      content: "https://daily-edge.example/todays-paper/2026-11-21",
    });
  });

  it("answers paper.today with the latest edition, labelled with its date", async () => {
    const today = "2026-11-21";
    const api = editionsApi([editionOf(today)]);
    // The Worker reads the real clock, so the fake API serves this edition for any later day.
    const answer = await render(renderRequest({}), fakeEnv(api));
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    for (const headline of headlines) expect(answer.html).toContain(headline);
    expect(answer.html).toContain("Today&#x27;s paper");
    // The real clock is past 21 November, so this is the latest paper, not today's.
    expect(answer.html).toMatch(
      /The latest paper: (<!-- -->)?<time[^>]*>Saturday 21 November 2026<\/time>/,
    );
    expect(answer.head).toMatchObject({
      title: "The latest paper, 21 November 2026 | The Daily Edge",
      canonicalPath: "/todays-paper/2026-11-21",
    });
    expect(answer.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(answer.props).toMatchObject({ mode: "latest", date: today });
  });

  it("answers a date without a paper with a 404 page linking the nearest editions", async () => {
    const answer = await render(
      renderRequest({
        routeId: "paper.edition",
        params: { date: "2026-11-22" },
        path: "/todays-paper/2026-11-22",
      }),
      fakeEnv(editionsApi([editionOf("2026-11-21"), editionOf("2026-11-23")])),
    );
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    expect(answer.status).toBe(404);
    expect(answer.html).toContain("There was no paper on");
    expect(answer.html).toContain("Sunday 22 November 2026");
    expect(answer.html).toContain('href="/todays-paper/2026-11-21"');
    expect(answer.html).toContain('href="/todays-paper/2026-11-23"');
    expect(answer.html).toContain('action="/todays-paper"');
    expect(answer.head.robots).toBe("noindex");
  });

  it("answers paper.page with a contract page for B1, the same HTML every time (hydration)", async () => {
    const env = fakeEnv(editionsApi([editionOf("2026-11-21")]));
    const request = renderRequest({
      routeId: "paper.page",
      params: { date: "2026-11-21", page: "B1" },
      path: "/todays-paper/2026-11-21/B1",
    });
    const [answer, again] = await Promise.all([render(request, env), render(request, env)]);
    expect(answer).toEqual(again);
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    expect(answer.html).toContain("Page B1 · Book B · Saturday 21 November 2026");
    expect(answer.html).toContain("Markets shrug off rate rise");
    expect(answer.html).not.toContain("Rail fares frozen for a year");
    expect(answer.html).toContain('href="/todays-paper/2026-11-21/A2"');
    expect(answer.head.canonicalPath).toBe("/todays-paper/2026-11-21/B1");
    expect(answer.stylesheets).toEqual([`/_mf/paper/${TEST_BUILD_ID}/fragment.css`]);
  });

  it("renders a month calendar as a table with linked edition days", async () => {
    const answer = await render(
      renderRequest({
        routeId: "paper.edition",
        params: { date: "2026-11-21" },
        path: "/todays-paper/2026-11-21",
      }),
      fakeEnv(editionsApi([editionOf("2026-10-31"), editionOf("2026-11-21")])),
    );
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    expect(answer.html).toMatch(/<table[^>]*><caption>November 2026<\/caption>/);
    expect(answer.html).toContain('<abbr title="Monday">Mon</abbr>');
    expect(answer.html).toMatch(
      /<a href="\/todays-paper\/2026-11-21" aria-label="Saturday 21 November 2026 \(shown\)">21<\/a>/,
    );
    expect(answer.html).toContain('href="/todays-paper/2026-11-21?month=2026-10"');
  });

  it.each(["2026-02-30", "2026-13-01", "yesterday", "0000-00-00", "99999-01-01", "../x"])(
    "answers not-found for /todays-paper/%s",
    async (date) => {
      const answer = await render(
        renderRequest({
          routeId: "paper.edition",
          params: { date },
          path: `/todays-paper/${date}`,
        }),
        fakeEnv(editionsApi([editionOf("2026-11-21")])),
      );
      expect(answer).toEqual({ kind: "not-found" });
    },
  );

  it("answers a redirect for a non-canonical date", async () => {
    const answer = await render(
      renderRequest({
        routeId: "paper.edition",
        params: { date: "2026-11-1" },
        path: "/todays-paper/2026-11-1",
      }),
      fakeEnv(editionsApi([])),
    );
    expect(answer).toEqual({ kind: "redirect", status: 301, location: "/todays-paper/2026-11-01" });
  });

  it("renders the same props to the same HTML every time (hydration needs it)", async () => {
    const env = fakeEnv(editionsApi([editionOf("2026-11-21")]));
    const request = renderRequest({ routeId: "paper.edition", params: { date: "2026-11-21" } });
    const [first, second] = await Promise.all([render(request, env), render(request, env)]);
    expect(first).toEqual(second);
  });
});
