import { createExecutionContext } from "cloudflare:test";
import { FRAGMENT_RENDER_PATH, type FragmentRequest } from "shell/contract";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { anAuditEntry, asStaff, newsroomApi } from "../test/newsroom-answers.ts";
import {
  csrfFor,
  fakeEnv,
  renderPage,
  renderRequest,
  viewer,
  type TestVars,
} from "../test/test-bindings.ts";
import { accountWorker } from "./fragment-worker.ts";

/**
 * SECURITY (issue 14): CSRF_SECRET missing or malformed takes down the forms only. Screens that
 * show no form still render; a screen with a form, and any form sent, answer the shell a 5xx
 * (its 503 "unavailable" page) with a `secret_unusable` log line that names the secret and why.
 */

const SHORT_SECRET = "a-secret-far-too-short";
const unusable = [
  ["missing", { CSRF_SECRET: undefined }],
  ["empty", { CSRF_SECRET: "" }],
  ["malformed", { CSRF_SECRET: SHORT_SECRET }],
] as const satisfies readonly (readonly [string, TestVars])[];

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());
const logLines = () =>
  logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

/** The Worker's raw answer to the shell, 5xx included. */
async function ask(
  request: Partial<FragmentRequest>,
  vars: TestVars,
  api = newsroomApi(),
): Promise<Response> {
  return accountWorker.fetch!(
    new Request(`https://mfe-account.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(renderRequest(request)),
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...fakeEnv(api), ...vars },
    createExecutionContext(),
  );
}

describe.each(unusable)("with CSRF_SECRET %s", (reasonCase, vars) => {
  const reason = reasonCase === "malformed" ? "malformed" : "missing";

  it("a screen without a form (the audit log) still renders", async () => {
    const api = newsroomApi({ auditLog: { entries: [anAuditEntry()], nextCursor: null } });
    const page = await renderPage(asStaff("account.newsroom-audit", "/newsroom/audit"), api, vars);
    expect(page.status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a screen with a form answers the shell a 5xx and logs which secret and why", async () => {
    const response = await ask({ routeId: "account.login" }, vars);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain(SHORT_SECRET);
    expect(logLines()).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "secret_unusable",
        worker: "mfe-account",
        requestId: "test-request",
        name: "CSRF_SECRET",
        reason,
      }),
    );
    expect(logLines()).toContainEqual(
      expect.objectContaining({ event: "fragment_render_failed", code: "forms_unavailable" }),
    );
    expect(JSON.stringify(logLines())).not.toContain(SHORT_SECRET);
  });

  it("a form sent is refused the same way, and the API is never asked", async () => {
    const api = newsroomApi();
    const csrf = await csrfFor(viewer);
    const form = { csrf, intent: "update-name", displayName: "Ada" };
    const response = await ask(
      { routeId: "account.profile", path: "/profile", method: "POST", viewer, form },
      vars,
      api,
    );
    expect(response.status).toBe(500);
    expect(api.calls).toEqual([]);
    expect(logLines()).toContainEqual(
      expect.objectContaining({ event: "secret_unusable", name: "CSRF_SECRET", reason }),
    );
  });
});
