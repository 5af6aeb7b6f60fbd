import { z } from "zod";
import type { ApiResult } from "edge-api/client";
import { createApiClient } from "edge-api/client";
import type { EditionResponse } from "edge-api/types";
import type { FragmentRequest } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { EditionView } from "../ui/paper-view.ts";
import { calendarDateIn, editionPath, parseEditionDate } from "./edition-dates.ts";
import { editionHead } from "./edition-head.ts";
import { toEditionView } from "./edition-view.ts";
import { PaperError } from "./paper-errors.ts";
import { PaperEnvSchema, PUBLICATION_TIME_ZONE, type PaperEnv } from "./paper-settings.ts";

/** Loaders of the paper's two routes: validate the request, load the edition, shape, answer. */

const TODAY_MAX_AGE = 60;
// A dated edition changes little, but its "next edition" link appears when tomorrow's is out.
const EDITION_MAX_AGE = 300;

const EditionParamsSchema = z.object({ date: z.string() });
const TodaySearchSchema = z.object({ date: z.string().optional() });

export interface PaperClock {
  now(): Date;
}

const systemClock: PaperClock = { now: () => new Date() };

export async function loadPaperRoute(
  request: FragmentRequest,
  env: PaperEnv,
  clock: PaperClock = systemClock,
): Promise<LoadOutcome> {
  const { API } = PaperEnvSchema.parse(env);
  const api = createApiClient(API, request.requestId);
  switch (request.routeId) {
    case "paper.today":
      return loadToday(request, clock, (date) => api.latestEdition(date));
    case "paper.edition":
      return loadEdition(request, (date) => api.edition(date));
    default:
      throw new PaperError("unknown_route", request.routeId);
  }
}

type EditionFetch = (date: string) => Promise<ApiResult<EditionResponse>>;

async function loadToday(
  request: FragmentRequest,
  clock: PaperClock,
  latestEdition: EditionFetch,
): Promise<LoadOutcome> {
  // The "Go to date" form submits GET /todays-paper?date=YYYY-MM-DD.
  const search = TodaySearchSchema.parse(Object.fromEntries(new URLSearchParams(request.search)));
  if (search.date !== undefined) {
    const parsed = parseEditionDate(search.date);
    if (parsed.kind !== "invalid") {
      return { kind: "redirect", status: 302, location: editionPath(parsed.date) };
    }
  }
  const today = calendarDateIn(clock.now(), PUBLICATION_TIME_ZONE);
  const result = await latestEdition(today);
  return answerFor(request, result, "today", TODAY_MAX_AGE);
}

async function loadEdition(request: FragmentRequest, edition: EditionFetch): Promise<LoadOutcome> {
  const params = EditionParamsSchema.safeParse(request.params);
  if (!params.success) return { kind: "not-found" };
  const parsed = parseEditionDate(params.data.date);
  if (parsed.kind === "invalid") return { kind: "not-found" };
  if (parsed.kind === "non-canonical") {
    return { kind: "redirect", status: 301, location: editionPath(parsed.date) };
  }
  const result = await edition(parsed.date);
  return answerFor(request, result, "dated", EDITION_MAX_AGE);
}

function answerFor(
  request: FragmentRequest,
  result: ApiResult<EditionResponse>,
  mode: EditionView["mode"],
  maxAge: number,
): LoadOutcome {
  if (!result.ok) {
    if (result.status === 404) return { kind: "not-found" };
    throw new PaperError("api_unavailable", `edition: ${result.status} ${result.code}`);
  }
  const view = toEditionView(result.data, mode);
  return {
    kind: "page",
    head: editionHead(view, request.origin),
    props: view,
    cache: { scope: "public", maxAge },
  };
}
