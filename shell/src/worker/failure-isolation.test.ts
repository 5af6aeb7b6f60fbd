import { describe, expect, it } from "vitest";
import type { ServiceBinding } from "./shell-env.ts";
import { failing, fragment, get, jsonResponse, makeEnv, pageAnswer } from "../test/page-fakes.ts";

describe("failure isolation, fragment by fragment", () => {
  const owners = [
    { binding: "CONTENT", path: "/world/europe/a-story", other: "/todays-paper" },
    { binding: "ACCOUNT", path: "/login", other: "/world" },
    { binding: "PAPER", path: "/todays-paper", other: "/world" },
  ] as const;
  const hanging: ServiceBinding = { fetch: () => new Promise<Response>(() => undefined) };
  const garbage = fragment(() => new Response("\u0000\u0001 not an answer"));
  const behaviours = [
    ["throws", failing],
    ["hangs", hanging],
    ["answers garbage", garbage],
  ] as const;

  for (const { binding, path, other } of owners) {
    it.each(behaviours)(
      `%s in ${binding}: 503 with the layout within the timeout`,
      async (_label, broken) => {
        const healthy = fragment(() => jsonResponse(pageAnswer()));
        const env = makeEnv({
          CONTENT: healthy,
          ACCOUNT: healthy,
          PAPER: healthy,
          [binding]: broken,
        });
        const started = Date.now();
        const { response, text } = await get(path, env);
        expect(Date.now() - started).toBeLessThan(300 + 1_000);
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("30");
        expect(text).toContain("s-masthead");
        expect(text).toContain("This page is unavailable right now");
        // The rest of the site is unaffected.
        expect((await get(other, env)).response.status).toBe(200);
        // And it recovers by itself once the fragment answers again.
        const recovered = makeEnv({ CONTENT: healthy, ACCOUNT: healthy, PAPER: healthy });
        expect((await get(path, recovered)).response.status).toBe(200);
      },
    );
  }
});
