import type { ApiErrorBody } from "edge-api/types";
import type { FetchBinding } from "../src/worker/content-env.ts";

type FakeAnswer = unknown | { status: number; code: string };

export interface FakeApi {
  binding: FetchBinding;
  /** Path and query of every request the worker made, in order. */
  calls: string[];
}

/** An error answer for a route of the fake API. */
export function apiError(status: number, code: string): { status: number; code: string } {
  return { status, code };
}

function isApiError(answer: FakeAnswer): answer is { status: number; code: string } {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "status" in answer &&
    "code" in answer &&
    Object.keys(answer).length === 2
  );
}

/**
 * A stand-in for the edge-api service binding: `routes` maps request paths (without query)
 * to a JSON body, or to `apiError(...)`. Anything else is the API's 404.
 */
export function fakeApi(routes: Record<string, FakeAnswer>): FakeApi {
  const calls: string[] = [];
  const binding: FetchBinding = {
    async fetch(input) {
      const url = new URL(typeof input === "string" ? input : input.url);
      calls.push(url.pathname + url.search);
      const answer = Object.hasOwn(routes, url.pathname)
        ? routes[url.pathname]
        : apiError(404, "not_found");
      if (isApiError(answer)) {
        const body: ApiErrorBody = { error: { code: answer.code, message: "fake API error" } };
        return Response.json(body, { status: answer.status });
      }
      return Response.json(answer);
    },
  };
  return { binding, calls };
}
