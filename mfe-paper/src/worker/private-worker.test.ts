import { createExecutionContext } from "cloudflare:test";
import { FRAGMENT_LIVE_PATH, FRAGMENT_RENDER_PATH } from "shell/contract";
import { describe, expect, it } from "vitest";
import entry, { Internal } from "../../worker-entry.ts";
import { editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest } from "../test/test-bindings.ts";

function renderPost(): Request<unknown, IncomingRequestCfProperties> {
  return new Request(`https://mfe-paper.example.workers.dev${FRAGMENT_RENDER_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(renderRequest({})),
  }) as Request<unknown, IncomingRequestCfProperties>;
}

describe("the paper Worker is private (decision 0017)", () => {
  it("answers 404 on its public address, asking the API nothing", async () => {
    const api = editionsApi([]);
    for (const request of [
      renderPost(),
      new Request(`https://mfe-paper.example.workers.dev${FRAGMENT_LIVE_PATH}`),
      new Request("https://mfe-paper.example.workers.dev/_mf/paper/current.json"),
    ]) {
      const response = await entry.fetch!(
        request as Request<unknown, IncomingRequestCfProperties>,
        fakeEnv(api),
        createExecutionContext(),
      );
      expect(response.status, request.url).toBe(404);
    }
    expect(api.calls).toEqual([]);
  });

  it("renders behind the Internal entrypoint the shell's binding names", async () => {
    const api = editionsApi([]);
    const internal = new Internal(createExecutionContext(), fakeEnv(api));
    const response = await internal.fetch(renderPost());
    expect(response.status).toBe(200);
    expect(api.calls.length).toBeGreaterThan(0);
  });
});
