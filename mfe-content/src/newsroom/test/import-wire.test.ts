import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  apiFailure,
  createFakeApi,
  rawAnswer,
  type FakeAnswers,
  type FakeApi,
} from "edge-api/fake";
import {
  encodeFragmentRequest,
  FRAGMENT_REQUEST_HEADER,
  FRAGMENT_UPLOAD_PATH,
  FragmentAnswerSchema,
  type FragmentRequest,
} from "shell/contract";
import { expectPage, renderWith } from "../../test/render-route.ts";
import worker from "../../worker/fragment-worker.ts";
import { aJob } from "./import-fake.ts";
import { newsroomRequest } from "./newsroom-fixtures.ts";

/**
 * The Import screens on edge-api's import endpoints through the content Worker (issue 18):
 * what reaches the API (paths, the person's token, the upload's query, length and bytes) and
 * how its answers come back as pages.
 */

const ID = "imp_7";
const UPLOAD_PATH = "/api/newsroom/imports";

/** An `ImportAnswer` as the API sends it (the screens' job plus the report's wire fields). */
function wireJob(overrides: Parameters<typeof aJob>[0] = {}) {
  const job = aJob({ id: ID, ...overrides });
  return {
    import: {
      ...job,
      report: {
        ...job.report,
        redirects: [...job.report.redirects],
        notes: [...job.report.notes],
        origin: "ghost:https://old.example",
        redirectsKept: [],
      },
    },
  };
}

interface Sent {
  query: [string, string][];
  headers: Record<string, string>;
  bytes: Uint8Array;
}

/** The fake API with the raw upload in front of it (the fake answers the JSON endpoints). */
function importApi(
  answers: FakeAnswers = {},
  upload: () => Response = () => Response.json(wireJob(), { status: 201 }),
) {
  const fake = createFakeApi({ imports: { imports: [] }, importJob: wireJob(), ...answers });
  const sent: Sent[] = [];
  const binding = {
    async fetch(input: Request | string, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== UPLOAD_PATH)
        return fake.binding.fetch(request);
      sent.push({
        query: [...url.searchParams],
        headers: Object.fromEntries(request.headers),
        bytes: new Uint8Array(await request.arrayBuffer()),
      });
      return upload();
    },
  };
  return { fake, sent, api: { ...fake, binding } satisfies FakeApi };
}

const admin = (
  routeId: string,
  params: Record<string, string>,
  path: string,
  form?: Record<string, string>,
): FragmentRequest =>
  newsroomRequest(routeId, params, { path, role: "admin", ...(form ? { form } : {}) });

async function uploadThroughWorker(api: FakeApi, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const encoded = new Request("https://www.dailyedge.test/", { method: "POST", body: form });
  const request = {
    ...admin("content.newsroom-import", {}, "/newsroom/import"),
    method: "POST" as const,
  };
  const response = await worker.fetch(
    new Request(`https://content.internal${FRAGMENT_UPLOAD_PATH}`, {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type") ?? "",
        [FRAGMENT_REQUEST_HEADER]: encodeFragmentRequest(request),
      },
      body: await encoded.arrayBuffer(),
    }),
    { ...env, API: api.binding },
    createExecutionContext(),
  );
  return FragmentAnswerSchema.parse(await response.json());
}

const EXPORT = new TextEncoder().encode("<rss><channel></channel></rss>");

describe("the Import screens on edge-api", () => {
  it("sends the export's bytes with its length, the system, file name, section and rules (repeated) as the person, and goes to the import", async () => {
    const { api, sent } = importApi();
    const answer = await uploadThroughWorker(api, {
      file: new File([EXPORT], "old-site.wordpress.xml", { type: "text/xml" }),
      system: "wordpress",
      defaultSection: "archive",
      sectionRules: "news=world\nsport=sport",
    });
    expect(answer).toEqual({ kind: "redirect", status: 303, location: `/newsroom/import/${ID}` });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query).toEqual([
      ["system", "wordpress"],
      ["fileName", "old-site.wordpress.xml"],
      ["defaultSection", "archive"],
      ["section", "news:world"],
      ["section", "sport:sport"],
    ]);
    expect(sent[0]?.headers.authorization).toBe("Bearer staff-access-token");
    expect(sent[0]?.headers["content-length"]).toBe(String(EXPORT.byteLength));
    expect(sent[0]?.bytes).toEqual(EXPORT);
  });

  it("sends a Ghost export's old site's address as siteUrl, and none when left empty", async () => {
    const { api, sent } = importApi();
    await uploadThroughWorker(api, {
      file: new File([EXPORT], "old.ghost.json"),
      system: "ghost",
      siteUrl: "https://old.example.com/",
    });
    await uploadThroughWorker(api, {
      file: new File([EXPORT], "old.ghost.json"),
      system: "ghost",
      siteUrl: "",
    });
    expect(sent[0]?.query).toContainEqual(["siteUrl", "https://old.example.com"]);
    expect(sent[1]?.query.map(([name]) => name)).not.toContain("siteUrl");
  });

  it("shows the API's 400 for a rule on the rules field, with its words", async () => {
    const message = "A section rule is <tag slug>:<section slug>, e.g. sport:sport.";
    const { api } = importApi({}, () =>
      Response.json(
        { error: { code: "invalid_request", message, field: "section" } },
        { status: 400 },
      ),
    );
    const page = expectPage(
      await uploadThroughWorker(api, {
        file: new File([EXPORT], "a.xml"),
        system: "wordpress",
        sectionRules: "news=world",
      }),
    );
    expect(page.status).toBe(400);
    expect(page.html).toContain('id="c-nr-import-sectionRules-problem"');
    expect(page.html).toContain("A section rule is &lt;tag slug&gt;:&lt;section slug&gt;");
  });

  it("lists the recent imports and reads one import with the person's token", async () => {
    const { api, fake } = importApi({
      imports: { imports: [{ ...aJob({ id: ID, fileName: "blog.json" }) }] },
    });
    const list = expectPage(
      await renderWith(api, admin("content.newsroom-import", {}, "/newsroom/import")),
    );
    expect(list.html).toContain(`<a href="/newsroom/import/${ID}">blog.json</a>`);
    const job = expectPage(
      await renderWith(
        api,
        admin("content.newsroom-import-job", { id: ID }, `/newsroom/import/${ID}`),
      ),
    );
    expect(job.html).toContain("<dt>Stories</dt><dd>1,200</dd>");
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/newsroom/imports",
      `GET /api/newsroom/imports/${ID}`,
    ]);
    expect(
      fake.calls.every((call) => call.headers.authorization === "Bearer staff-access-token"),
    ).toBe(true);
  });

  it("runs an import with an empty body and answers 303; a refused queue (503) is the page with the API's words", async () => {
    const { api, fake } = importApi({ runImport: wireJob({ status: "queued" }) });
    const jobPost = admin("content.newsroom-import-job", { id: ID }, `/newsroom/import/${ID}`, {});
    expect(await renderWith(api, jobPost)).toEqual({
      kind: "redirect",
      status: 303,
      location: `/newsroom/import/${ID}`,
    });
    expect(fake.calls[0]).toMatchObject({
      method: "POST",
      path: `/api/newsroom/imports/${ID}/run`,
      body: {},
    });
    const refused = importApi({
      runImport: rawAnswer(() =>
        Response.json(
          {
            error: {
              code: "queue_unavailable",
              message: "The import queue did not take the job.",
            },
          },
          { status: 503 },
        ),
      ),
    });
    const page = expectPage(await renderWith(refused.api, jobPost));
    expect(page.status).toBe(503);
    expect(page.html).toContain("The import queue did not take the job. Try again in a minute.");
  });

  it("still shows the form when only the list could not be read", async () => {
    const { api } = importApi({ imports: apiFailure(500, "internal") });
    const page = expectPage(
      await renderWith(api, admin("content.newsroom-import", {}, "/newsroom/import")),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain("Check the file");
    expect(page.html).toContain("The recent imports could not be shown just now.");
  });
});
