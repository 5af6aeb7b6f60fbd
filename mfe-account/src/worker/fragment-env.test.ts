import { createExecutionContext } from "cloudflare:test";
import { FRAGMENT_RENDER_PATH } from "shell/contract";
import { FragmentEnvError } from "shell/fragment-kit/env";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { fakeEnv, renderPage, renderRequest, viewer } from "../test/test-bindings.ts";
import { loadAccountRoute } from "./account-routes.ts";
import type { AccountEnv } from "./fragment-env.ts";
import { accountWorker } from "./fragment-worker.ts";

const herald = { PUBLICATION_NAME: "The Harbour Herald" };

describe("the account Worker's configuration", () => {
  it("as wrangler.toml declares it (the generated Env) is what the schema reads", () => {
    // Checked by the typecheck: a binding, variable or secret the schema needs and wrangler.toml
    // (or secrets.env.example) lacks (worker-configuration.d.ts, `npm run generate:env-types`)
    // fails it.
    expectTypeOf<Env>().toExtend<AccountEnv>();
  });

  it("names the publication from PUBLICATION_NAME in the head, the props and the page", async () => {
    const logout = await renderPage({ routeId: "account.logout", viewer }, undefined, herald);
    expect(logout.head.title).toBe("Log out | The Harbour Herald");
    expect(logout.head.description).toBe("Log out of The Harbour Herald.");
    expect(logout.props).toMatchObject({ publication: { name: "The Harbour Herald" } });
    expect(logout.html).toContain("Log out of The Harbour Herald?");

    const login = await renderPage({ routeId: "account.login" }, undefined, herald);
    expect(login.head.title).toBe("Log in | The Harbour Herald");
    expect(login.head.description).toBe("Log in to your The Harbour Herald account.");
    expect(login.props).toMatchObject({ publication: { name: "The Harbour Herald" } });
    for (const page of [logout, login]) {
      expect(JSON.stringify([page.head, page.props, page.html])).not.toContain("Daily Edge");
    }
  });

  it.each([
    ["PUBLICATION_NAME", { PUBLICATION_NAME: undefined }],
    ["PUBLICATION_TIME_ZONE", { PUBLICATION_TIME_ZONE: "Mars/Olympus_Mons" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "not a url" }],
  ])("refuses to render with a bad %s, naming the key", async (key, vars) => {
    const api = accountHolderApi();
    const env = { ...fakeEnv(api), ...vars };
    const failure: unknown = await loadAccountRoute(renderRequest({}), env as never).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(FragmentEnvError);
    expect(failure).toMatchObject({ code: "bad_configuration", status: 500, keys: [key] });
    expect(api.calls).toEqual([]);
  });

  it("answers the shell a 500 and logs the bad key, never its value", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // CSRF_SECRET is checked where forms need it (form-secret.test.ts); any other key here.
      const secret = "ftp://a-value-that-must-not-leak.example";
      const response = await accountWorker.fetch!(
        new Request(`https://mfe-account.internal${FRAGMENT_RENDER_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(renderRequest({})),
        }) as Request<unknown, IncomingRequestCfProperties>,
        { ...fakeEnv(), PUBLIC_ORIGIN: secret },
        createExecutionContext(),
      );
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain(secret);
      const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as Record<string, unknown>;
      expect(line).toMatchObject({
        level: "error",
        event: "fragment_render_failed",
        worker: "mfe-account",
        code: "bad_configuration",
      });
      expect(String(line["detail"])).toContain("PUBLIC_ORIGIN");
      expect(String(line["detail"])).not.toContain(secret);
    } finally {
      logged.mockRestore();
    }
  });
});
