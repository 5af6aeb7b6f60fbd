import { createExecutionContext } from "cloudflare:test";
import { apiFailure } from "edge-api/fake";
import { FRAGMENT_LIVE_PATH, FRAGMENT_RENDER_PATH, type FragmentRequest } from "shell/contract";
import { describe, expect, it } from "vitest";
import entry, { Internal } from "../../worker-entry.ts";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { csrfFor, fakeEnv, renderRequest, TEST_PASSWORD } from "../test/test-bindings.ts";

/** A login form whose body claims an address of the sender's choosing. */
async function forgedLogin(): Promise<FragmentRequest> {
  return renderRequest({
    routeId: "account.login",
    method: "POST",
    client: { ip: "198.51.100.9", userAgent: "Forger/1.0" },
    form: { csrf: await csrfFor(null), email: "ada@example.com", password: TEST_PASSWORD },
  });
}

function renderPost(body: FragmentRequest): Request<unknown, IncomingRequestCfProperties> {
  return new Request(`https://mfe-account.example.workers.dev${FRAGMENT_RENDER_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }) as Request<unknown, IncomingRequestCfProperties>;
}

describe("the account Worker is private (decision 0017)", () => {
  it("renders nothing on its public address, so a body cannot set the reader's address", async () => {
    const api = accountHolderApi({ login: apiFailure(401, "invalid_credentials") });
    const response = await entry.fetch!(
      renderPost(await forgedLogin()),
      fakeEnv(api),
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: "not_found",
        message: "This Worker is reached only through the site's service bindings.",
      },
    });
    // The API was never asked, so no CF-Connecting-IP of the sender's choosing reached it.
    expect(api.calls).toEqual([]);
  });

  it.each([FRAGMENT_LIVE_PATH, "/_mf/account/testbuild01/remoteEntry.js", "/"])(
    "answers 404 on its public address for %s",
    async (path) => {
      const response = await entry.fetch!(
        new Request(`https://mfe-account.example.workers.dev${path}`) as Request<
          unknown,
          IncomingRequestCfProperties
        >,
        fakeEnv(),
        createExecutionContext(),
      );
      expect(response.status).toBe(404);
    },
  );

  it("renders behind the Internal entrypoint and forwards the shell's client and request id to the API", async () => {
    const api = accountHolderApi({ login: apiFailure(401, "invalid_credentials") });
    const internal = new Internal(createExecutionContext(), fakeEnv(api));
    const response = await internal.fetch(renderPost(await forgedLogin()));
    expect(response.status).toBe(200);
    expect(api.calls[0]).toMatchObject({
      path: "/api/auth/login",
      headers: {
        "cf-connecting-ip": "198.51.100.9",
        "user-agent": "Forger/1.0",
        // The shell's request id, so the API's log lines carry it (issue 14).
        "x-request-id": "test-request",
      },
    });
  });
});
