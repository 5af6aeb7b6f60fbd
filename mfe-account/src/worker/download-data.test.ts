import { apiFailure } from "edge-api/fake";
import { anAccountExport } from "edge-api/fake/accounts";
import { AccountExportAnswerSchema } from "edge-api/contract/account";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import {
  csrfFor,
  render,
  renderPage,
  TEST_ACCESS_TOKEN,
  viewer,
  type TestVars,
} from "../test/test-bindings.ts";

/** The profile's "Download your data" (issue 15): a form POST answered with a JSON file. */

const holder = { viewer, accessToken: TEST_ACCESS_TOKEN, routeId: "account.profile" } as const;
const exportCalls = (api: ReturnType<typeof accountHolderApi>) =>
  api.calls.filter((call) => call.endpoint === "exportAccount");

async function download(
  api = accountHolderApi({ exportAccount: anAccountExport() }),
  form: Record<string, string> | null = null,
  vars: TestVars = {},
) {
  const sent = form ?? { csrf: await csrfFor(viewer), intent: "download-data" };
  const answer = await render(
    { ...holder, path: "/profile", method: "POST", form: sent },
    api,
    vars,
  );
  return { answer, api };
}

describe("download your data (issue 15)", () => {
  it("is a section of the profile saying what the file holds, with a plain form POST", async () => {
    const api = accountHolderApi();
    const { html } = await renderPage({ ...holder, path: "/profile" }, api);
    expect(html).toContain("Download your data");
    expect(html).toContain("everything we keep about your account");
    expect(html).toContain("It holds no password");
    // A browser form submit (no script needed): the answer is a file the browser saves.
    const form = html.slice(html.lastIndexOf("<form", html.indexOf('value="download-data"')));
    expect(form).toMatch(
      /^<form class="a-form" action="\/profile" method="post"><input type="hidden" name="csrf" value="[^"]+"\/><input type="hidden" name="intent" value="download-data"\/><button class="a-button a-button--secondary" type="submit">Download your data<\/button><\/form>/,
    );
    // Showing the profile exports nothing.
    expect(exportCalls(api)).toEqual([]);
  });

  it("answers the download kind: a dated JSON file of the API's export, pretty-printed", async () => {
    const data = anAccountExport();
    const { answer, api } = await download(accountHolderApi({ exportAccount: data }));
    expect(answer).toMatchObject({
      kind: "download",
      filename: "daily-edge-data-2026-11-25.json",
      contentType: "application/json",
    });
    if (answer.kind !== "download") return;
    expect(AccountExportAnswerSchema.parse(JSON.parse(answer.body))).toEqual(data);
    expect(answer.body).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(exportCalls(api)).toHaveLength(1);
    expect(exportCalls(api)[0]?.headers.authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  });

  it("dates the file by the publication's calendar", async () => {
    const data = anAccountExport({ exportedAt: "2026-11-25T23:30:00.000Z" });
    const api = () => accountHolderApi({ exportAccount: data });
    const london = await download(api());
    const auckland = await download(api(), null, { PUBLICATION_TIME_ZONE: "Pacific/Auckland" });
    expect(london.answer).toMatchObject({ filename: "daily-edge-data-2026-11-25.json" });
    expect(auckland.answer).toMatchObject({ filename: "daily-edge-data-2026-11-26.json" });
  });

  it("answers the API's 429 with the profile, status 429, the wait and a clear message", async () => {
    const { answer } = await download(
      accountHolderApi({ exportAccount: apiFailure(429, "rate_limited", { retryAfter: 1800 }) }),
    );
    expect(answer).toMatchObject({ kind: "page", status: 429, retryAfter: 1800 });
    expect(answer.kind === "page" && answer.html).toContain(
      "You have downloaded your data several times in the last hour. Try again in 30 minutes.",
    );
  });

  it.each([
    ["missing", {}],
    ["forged", { csrf: "forged" }],
  ])("refuses a %s form token with 403 and exports nothing", async (_, token) => {
    const api = accountHolderApi({ exportAccount: anAccountExport() });
    const { answer } = await download(api, { intent: "download-data", ...token });
    expect(answer).toMatchObject({ kind: "page", status: 403 });
    expect(answer.kind === "page" && answer.html).toContain("This form had expired");
    expect(exportCalls(api)).toEqual([]);
  });

  it("refuses another account's form token with 403", async () => {
    const api = accountHolderApi({ exportAccount: anAccountExport() });
    const csrf = await csrfFor({ id: "someone-else" });
    const { answer } = await download(api, { intent: "download-data", csrf });
    expect(answer).toMatchObject({ kind: "page", status: 403 });
    expect(exportCalls(api)).toEqual([]);
  });

  it("sends a reader whose session ended to log in again", async () => {
    const { answer } = await download(
      accountHolderApi({ exportAccount: apiFailure(401, "invalid_session") }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/login?next=%2Fprofile",
      session: { kind: "clear" },
    });
  });

  it("sends an anonymous reader to log in, exporting nothing", async () => {
    const api = accountHolderApi({ exportAccount: anAccountExport() });
    const form = { csrf: await csrfFor(null), intent: "download-data" };
    const answer = await render(
      { routeId: "account.profile", path: "/profile", method: "POST", form },
      api,
    );
    expect(answer).toMatchObject({ kind: "redirect", status: 303 });
    expect(exportCalls(api)).toEqual([]);
  });
});
