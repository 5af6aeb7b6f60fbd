import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker, { allRoutes, Internal } from "./api-worker.ts";

/** A request to the Worker's public address (workers.dev, a preview URL, a stray route). */
function publicFetch(path: string, init?: RequestInit): Promise<Response> {
  return Promise.resolve(
    worker.fetch!(
      new Request(`https://edge-api.example.workers.dev${path}`, init) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      env,
      createExecutionContext(),
    ),
  );
}

describe("edge-api is private (decision 0017)", () => {
  it("answers 404 on its public address for every route, with the reason", async () => {
    for (const route of allRoutes) {
      const [method = "GET", path = "/"] = route.split(" ");
      const response = await publicFetch(path.replaceAll(/:(\w+)/g, "x"), { method });
      expect(response.status, route).toBe(404);
      expect(response.headers.get("cache-control"), route).toBe("no-store");
    }
    const body = await (await publicFetch("/api/health")).json();
    expect(body).toMatchObject({
      error: {
        code: "not_found",
        message: "The API is reached only through the site's service bindings.",
      },
    });
  });

  it("does not let a direct caller choose its address for the login limit", async () => {
    const response = await publicFetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.9" },
      body: JSON.stringify({ email: "someone@example.com", password: "x".repeat(20) }),
    });
    expect(response.status).toBe(404);
  });

  it("runs the API behind the Internal entrypoint the service bindings name", async () => {
    const internal = new Internal(createExecutionContext(), env);
    const response = await internal.fetch(
      new Request("https://edge-api.internal/api/health", {
        headers: { "x-request-id": "shell-req-1" },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("x-request-id")).toBe("shell-req-1");
  });

  it("logs with the request id the shell sent (x-request-id)", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => lines.push(line));
    // The signing key is unusable, so the JWKS route logs `secret_unusable`.
    const internal = new Internal(createExecutionContext(), { ...env, JWT_PRIVATE_JWK: "" });
    const response = await internal.fetch(
      new Request("https://edge-api.internal/api/auth/jwks", {
        headers: { "x-request-id": "8f1d2c3b4a596877-LHR" },
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("x-request-id")).toBe("8f1d2c3b4a596877-LHR");
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        worker: "edge-api",
        event: "secret_unusable",
        requestId: "8f1d2c3b4a596877-LHR",
      }),
    );
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
