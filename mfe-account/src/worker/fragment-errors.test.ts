import { createExecutionContext } from "cloudflare:test";
import { apiFailure, rawAnswer, type FakeApi } from "edge-api/fake";
import { FRAGMENT_RENDER_PATH, type FragmentRequest } from "shell/contract";
import { FragmentError, sharedFragmentErrors } from "shell/fragment-kit/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import {
  csrfFor,
  fakeEnv,
  renderRequest,
  TEST_ACCESS_TOKEN,
  TEST_PASSWORD,
  viewer,
} from "../test/test-bindings.ts";
import { loadAccountRoute } from "./account-routes.ts";
import { AccountError, accountErrors } from "./fragment-errors.ts";
import { accountWorker } from "./fragment-worker.ts";

/** What `load` threw for `request` with `api` as the API binding. */
async function failureOf(api: FakeApi, request: Partial<FragmentRequest>): Promise<unknown> {
  return loadAccountRoute(renderRequest(request), fakeEnv(api)).then(
    () => new Error("the load did not fail"),
    (error: unknown) => error,
  );
}

const profile = { routeId: "account.profile", viewer, accessToken: TEST_ACCESS_TOKEN };

/** An account answer without the account holder's email: it breaks edge-api's contract. */
const brokenAccount = () =>
  accountHolderApi({
    account: rawAnswer(() => Response.json({ account: { displayName: "Ada Reader" } })),
  });

describe("the account Worker's error catalogue", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the kit's shared codes and forms_unavailable, with their statuses", () => {
    expect(accountErrors).toEqual({
      ...sharedFragmentErrors,
      forms_unavailable: { status: 503 },
    });
    const error = new AccountError("api_unavailable", "x");
    expect(error).toBeInstanceOf(FragmentError);
    expect(error).toMatchObject({ fragment: "account", code: "api_unavailable", status: 502 });
  });

  it("calls a route the shell should not have sent unknown_route", async () => {
    const failure = await failureOf(accountHolderApi(), { routeId: "account.nowhere" });
    expect(failure).toBeInstanceOf(AccountError);
    expect(failure).toMatchObject({ code: "unknown_route", status: 500 });
  });

  it("calls an API failure that is not the reader's to fix api_unavailable", async () => {
    const login = {
      routeId: "account.login",
      method: "POST",
      form: { csrf: await csrfFor(null), email: "ada@example.com", password: TEST_PASSWORD },
    } as const;
    const failures = [
      [accountHolderApi({ account: apiFailure(500, "internal") }), profile],
      [accountHolderApi({ login: apiFailure(503, "unavailable") }), login],
    ] as const;
    for (const [api, request] of failures) {
      const failure = await failureOf(api, request);
      expect(failure, request.routeId).toBeInstanceOf(AccountError);
      expect(failure).toMatchObject({ code: "api_unavailable", status: 502 });
    }
  });

  it("calls an answer that breaks edge-api's contract bad_api_data", async () => {
    const failure = await failureOf(brokenAccount(), profile);
    expect(failure).toBeInstanceOf(AccountError);
    expect(failure).toMatchObject({ code: "bad_api_data", status: 502 });
  });

  it("logs the code of a failed render, which the shell sees as a 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await accountWorker.fetch!(
      new Request(`https://mfe-account.internal${FRAGMENT_RENDER_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(renderRequest(profile)),
      }) as Request<unknown, IncomingRequestCfProperties>,
      fakeEnv(brokenAccount()),
      createExecutionContext(),
    );
    expect(response.status).toBe(500);
    const lines = logged.mock.calls.map(
      (call) => JSON.parse(String(call[0])) as Record<string, unknown>,
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "fragment_render_failed",
        worker: "mfe-account",
        requestId: "test-request",
        routeId: "account.profile",
        code: "bad_api_data",
      }),
    );
  });
});
