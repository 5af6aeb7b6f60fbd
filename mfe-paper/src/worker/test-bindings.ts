import type {
  EditionCalendarResponse,
  EditionPage,
  EditionPlacement,
  EditionResponse,
  ImageRef,
  NearestEditionsResponse,
} from "edge-api/types";
import type { FragmentRequest } from "shell/contract";
import type { PaperEnv } from "./paper-settings.ts";

/** Small factories for tests: editions as the API serves them, and fake Worker bindings. */

let serial = 0;

export function makePlacement(overrides: Partial<EditionPlacement> = {}): EditionPlacement {
  serial += 1;
  const slug = `story-${serial}`;
  return {
    order: serial,
    printHeadline: `Print headline ${serial}`,
    article: {
      slug,
      path: `/news/uk/${slug}`,
      headline: `Web headline ${serial}`,
      standfirst: `Standfirst of story ${serial}.`,
      publishedAt: "2026-11-20T18:00:00.000Z",
      section: { slug: "news", name: "News" },
      category: { slug: "uk", name: "UK" },
      authors: [{ slug: "a-writer", name: "A Writer" }],
      image: null,
    },
    ...overrides,
  };
}

export function makeImage(overrides: Partial<ImageRef> = {}): ImageRef {
  return {
    src: "/images/42.svg",
    alt: "Abstract illustration of a harbour",
    caption: "The harbour at dawn.",
    credit: "Illustration: A Painter for The Daily Edge",
    width: 1200,
    height: 675,
    ...overrides,
  };
}

export function makePage(
  book: string,
  number: number,
  placements: EditionPlacement[],
): EditionPage {
  return {
    book,
    bookName: book === "A" ? "News" : `Book ${book}`,
    number,
    label: `${book}${number}`,
    placements,
  };
}

export function makeEdition(
  date: string,
  overrides: Partial<EditionResponse> = {},
): EditionResponse {
  return {
    edition: {
      date,
      pages: [
        makePage("A", 1, [makePlacement(), makePlacement(), makePlacement()]),
        makePage("A", 2, [makePlacement()]),
        makePage("B", 1, [makePlacement()]),
      ],
    },
    previousDate: "2026-11-20",
    nextDate: null,
    ...overrides,
  };
}

export interface FakeApi {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
  /** URLs the Worker asked for, in order. */
  calls: URL[];
}

/**
 * An API binding that serves `editions` by date, as the real one does for published editions:
 * `latest` answers with the newest on or before, `calendar` and `nearest` from the same dates.
 */
export function fakeApi(editions: EditionResponse[]): FakeApi {
  const calls: URL[] = [];
  const byDate = new Map(editions.map((edition) => [edition.edition.date, edition]));
  const dates = [...byDate.keys()].sort();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const notFound = () => json({ error: { code: "not_found", message: "No edition." } }, 404);
  const badRequest = () => json({ error: { code: "invalid_request", message: "Bad." } }, 400);
  const before = (date: string) => dates.filter((d) => d < date).at(-1) ?? null;
  const after = (date: string) => dates.find((d) => d > date) ?? null;
  return {
    calls,
    async fetch(input) {
      const url = new URL(typeof input === "string" ? input : input.url);
      calls.push(url);
      if (url.pathname === "/api/editions/latest") {
        const onOrBefore = url.searchParams.get("onOrBefore") ?? "";
        const latest = dates.filter((date) => date <= onOrBefore).at(-1);
        return latest ? json(byDate.get(latest)) : notFound();
      }
      if (url.pathname === "/api/editions/calendar") {
        const month = url.searchParams.get("month") ?? "";
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return badRequest();
        const body: EditionCalendarResponse = {
          month,
          dates: dates.filter((date) => date.startsWith(`${month}-`)),
          previousMonth: before(`${month}-01`)?.slice(0, 7) ?? null,
          nextMonth: after(`${month}-31`)?.slice(0, 7) ?? null,
        };
        return json(body);
      }
      if (url.pathname === "/api/editions/nearest") {
        const date = url.searchParams.get("date") ?? "";
        const body: NearestEditionsResponse = {
          date,
          hasEdition: byDate.has(date),
          previousDate: before(date),
          nextDate: after(date),
        };
        return json(body);
      }
      const match = /^\/api\/editions\/([^/]+)$/.exec(url.pathname);
      const edition = match ? byDate.get(decodeURIComponent(match[1] ?? "")) : undefined;
      return edition ? json(edition) : notFound();
    },
  };
}

/** An API binding that fails like an outage. */
export function brokenApi(): FakeApi {
  return {
    calls: [],
    fetch: async () =>
      new Response(JSON.stringify({ error: { code: "internal", message: "Down." } }), {
        status: 500,
      }),
  };
}

export const TEST_BUILD_ID = "testbuild01";

/** The static-assets binding with one current build, as `npm run build` leaves it. */
export function fakeAssets(): PaperEnv["ASSETS"] {
  return {
    async fetch(input) {
      const url = new URL(typeof input === "string" ? input : input.url);
      if (url.pathname === "/_mf/paper/current.json") {
        return Response.json({
          buildId: TEST_BUILD_ID,
          stylesheets: ["fragment.css"],
          builtAt: "2026-11-21T00:00:00.000Z",
        });
      }
      return new Response("Not found", { status: 404 });
    },
  };
}

export function fakeEnv(api: FakeApi): PaperEnv {
  return { ASSETS: fakeAssets(), API: api };
}

export function renderRequest(overrides: Partial<FragmentRequest>): FragmentRequest {
  return {
    routeId: "paper.today",
    method: "GET",
    client: { ip: "203.0.113.1", userAgent: "vitest" },
    accessToken: null,
    params: {},
    path: "/todays-paper",
    search: "",
    viewer: null,
    requestId: "test-request",
    origin: "https://daily-edge.example",
    ...overrides,
  };
}
