import {
  apiEndpoints,
  matchPath,
  type AnswerOf,
  type EndpointName,
} from "../contract/api-endpoints.ts";
import type { ApiFetcher } from "../contract/api-client.ts";

/**
 * The API's own fake, for other teams' Worker tests (`edge-api/fake`): a stand-in for the
 * service binding, built from the same endpoint table and schemas as the real client. Requests
 * are routed like the API routes them (an endpoint nobody answered is the API's 404), bodies are
 * checked with the API's own body schemas (a bad one is the API's 400), and every answer a test
 * gives is checked against the contract, so a fixture that drifts from the API fails the test
 * that uses it instead of passing against data the API never sends.
 */

export interface FakeFailure {
  fake: "failure";
  status: number;
  code: string;
  reason?: string;
  retryAfter?: number;
  /** Newsroom writes: the field that is wrong. */
  field?: string;
}

/** A success with a status other than 200 (sign-up's 201 and 202). */
export interface FakeStatus<T> {
  fake: "status";
  status: number;
  data: T;
}

/** Bytes that are sent as they are, unchecked: for tests of a broken or odd API. */
export interface FakeRaw {
  fake: "raw";
  response: () => Response;
}

export interface FakeCall {
  endpoint: EndpointName;
  method: string;
  /** Path and query as sent. */
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

type Outcome<N extends EndpointName> =
  AnswerOf<N> | FakeFailure | FakeStatus<AnswerOf<N>> | FakeRaw;
export type FakeAnswer<N extends EndpointName> =
  Outcome<N> | ((call: FakeCall) => Outcome<N> | Promise<Outcome<N>>);
export type FakeAnswers = { [N in EndpointName]?: FakeAnswer<N> };

export function apiFailure(
  status: number,
  code: string,
  extra: { reason?: string; retryAfter?: number; field?: string } = {},
): FakeFailure {
  return { fake: "failure", status, code, ...extra };
}

export function apiStatus<T>(status: number, data: T): FakeStatus<T> {
  return { fake: "status", status, data };
}

export function rawAnswer(response: () => Response): FakeRaw {
  return { fake: "raw", response };
}

export interface FakeApi {
  binding: ApiFetcher;
  /** Every request the Worker under test made, in order. */
  calls: FakeCall[];
  /** Answers can be changed between requests. */
  answers: FakeAnswers;
}

function isMarked(value: unknown): value is FakeFailure | FakeStatus<unknown> | FakeRaw {
  return typeof value === "object" && value !== null && "fake" in value;
}

function failureResponse(failure: FakeFailure): Response {
  const error = {
    code: failure.code,
    message: `fake API: ${failure.code}`,
    requestId: "fake-request",
    ...(failure.reason ? { reason: failure.reason } : {}),
    ...(failure.field ? { field: failure.field } : {}),
  };
  const headers = failure.retryAfter ? { "retry-after": String(failure.retryAfter) } : undefined;
  return Response.json({ error }, { status: failure.status, ...(headers ? { headers } : {}) });
}

function route(method: string, pathname: string) {
  for (const [name, endpoint] of Object.entries(apiEndpoints)) {
    if (endpoint.method !== method) continue;
    const params = matchPath(endpoint.path, pathname);
    if (params) return { name: name as EndpointName, params };
  }
  return null;
}

export function createFakeApi(answers: FakeAnswers = {}): FakeApi {
  const calls: FakeCall[] = [];
  const binding: ApiFetcher = {
    async fetch(input, init) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const found = route(request.method, url.pathname);
      const text = request.body ? await request.text() : "";
      let body: unknown = undefined;
      if (text !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          return failureResponse(apiFailure(400, "invalid_request"));
        }
      }
      if (!found) return failureResponse(apiFailure(404, "not_found"));
      const call: FakeCall = {
        endpoint: found.name,
        method: request.method,
        path: url.pathname + url.search,
        params: found.params,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: Object.fromEntries(request.headers),
      };
      calls.push(call);
      const endpoint = apiEndpoints[found.name];
      if (endpoint.body && !endpoint.body.safeParse(body).success) {
        return failureResponse(apiFailure(400, "invalid_request"));
      }
      const given = answers[found.name] as FakeAnswer<EndpointName> | undefined;
      if (given === undefined) return failureResponse(apiFailure(404, "not_found"));
      const outcome: unknown = typeof given === "function" ? await given(call) : given;
      if (isMarked(outcome)) {
        if (outcome.fake === "failure") return failureResponse(outcome);
        if (outcome.fake === "raw") return outcome.response();
        return answer(found.name, outcome.data, outcome.status);
      }
      return answer(found.name, outcome, 200);
    },
  };
  return { binding, calls, answers };
}

/** A test's answer, checked against the contract before it is sent. */
function answer(name: EndpointName, data: unknown, status: number): Response {
  const schema = apiEndpoints[name].answer;
  if (schema === null) return new Response(null, { status: status === 200 ? 204 : status });
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new Error(
      `fake API: the test's answer for ${name} breaks the contract: ${checked.error.message}`,
    );
  }
  return Response.json(data, { status });
}
