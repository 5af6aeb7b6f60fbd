import { renderToStaticMarkup } from "react-dom/server";
import type { FragmentRequest } from "shell/contract";
import { renderFragmentHtml, type FragmentUpload } from "shell/fragment-kit/server";
import { describe, expect, it } from "vitest";
import { createFakeApi } from "edge-api/fake";
import { NewsroomApp } from "../newsroom-app.tsx";
import type { ImportFormPageView } from "../ui/import-views.ts";
import { systemForFileName } from "../ui/import-page.tsx";
import { parseSectionRules } from "../worker/import-form.ts";
import { loadNewsroomRoute } from "../worker/newsroom-routes.ts";
import {
  aJob,
  aReport,
  failure,
  fakeImports,
  IMPORT_ID,
  ok,
  type FakeImports,
} from "./import-fake.ts";
import { newsroomRequest } from "./newsroom-fixtures.ts";

/**
 * The newsroom's Import screens (issue 18): the form, the upload streamed to the API's dry run,
 * its refusals on the field, admins only, the report, the run button, progress and failure.
 */

const PUBLICATION = {
  name: "The Daily Edge",
  origin: "https://www.dailyedge.test",
  timeZone: "Europe/London",
};
const NOW = new Date("2026-11-25T09:00:00Z");
type Role = "contributor" | "editor" | "admin";

const formRequest = (role: Role = "admin", form?: Record<string, string>): FragmentRequest =>
  newsroomRequest(
    "content.newsroom-import",
    {},
    { path: "/newsroom/import", role, ...(form ? { form } : {}) },
  );
const jobRequest = (role: Role = "admin", post = false): FragmentRequest =>
  newsroomRequest(
    "content.newsroom-import-job",
    { id: IMPORT_ID },
    { path: `/newsroom/import/${IMPORT_ID}`, role, ...(post ? { form: {} } : {}) },
  );
const uploadRequest = (role: Role = "admin"): FragmentRequest => ({
  ...formRequest(role),
  method: "POST",
});

async function answer(imports: FakeImports, request: FragmentRequest, upload?: FragmentUpload) {
  const api = createFakeApi();
  const outcome = await loadNewsroomRoute(request, api.binding, PUBLICATION, upload, NOW, imports);
  return { outcome, calls: api.calls };
}

async function page(imports: FakeImports, request: FragmentRequest, upload?: FragmentUpload) {
  const { outcome } = await answer(imports, request, upload);
  if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
  const html = renderToStaticMarkup(
    <NewsroomApp routeId={request.routeId} props={outcome.props} />,
  );
  return { ...outcome, html };
}

/** A browser's multipart body for `fields`, as the shell streams it on. */
async function multipart(fields: Record<string, string | File>): Promise<FragmentUpload> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const encoded = new Request("https://www.dailyedge.test/", { method: "POST", body: form });
  return { contentType: encoded.headers.get("content-type") ?? "", body: encoded.body };
}

const EXPORT = new TextEncoder().encode('{"db":[{"data":{"posts":[]}}]}');
const ghostFile = () => new File([EXPORT], "daily-edge.ghost.json", { type: "application/json" });

describe("content.newsroom-import: the form", () => {
  it("is a multipart form with the export file (required, .json or .xml), the system, the default section, the tag rules and 'Check the file', above the recent imports", async () => {
    const imports = fakeImports();
    const { status, html, cache } = await page(imports, formRequest());
    expect(status).toBe(200);
    expect(cache).toEqual({ scope: "private", maxAge: 0 });
    const form = /<form [^>]*enctype="multipart\/form-data"[^>]*>/i.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/newsroom/import"');
    expect(html).toContain('<label for="c-nr-import-file">Export file</label>');
    const file = /<input [^>]*type="file"[^>]*>/.exec(html)?.[0] ?? "";
    expect(file).toContain('name="file"');
    expect(file).toContain('accept=".json,.xml"');
    expect(file).toContain("required");
    expect(html).toContain("<legend>Exported from</legend>");
    const radios = [
      ...html.matchAll(/<input type="radio"[^>]* name="system" value="(\w+)"[^>]*>/g),
    ];
    expect(radios.map((match) => match[1])).toEqual(["ghost", "wordpress"]);
    for (const [radio] of radios) expect(radio).toContain("required");
    expect(html).toContain("Ghost JSON export (.json)");
    expect(html).toContain("WordPress export (WXR, .xml)");
    expect(html).toContain(
      '<label for="c-nr-import-defaultSection">Section for everything else</label>',
    );
    expect(/<input [^>]*id="c-nr-import-defaultSection"[^>]*>/.exec(html)?.[0]).toContain(
      'value="archive"',
    );
    expect(html).toContain(
      '<label for="c-nr-import-sectionRules">Ghost&#x27;s primary tags to sections (optional)</label>',
    );
    expect(html).toMatch(/<textarea [^>]*name="sectionRules"/);
    // The old Ghost site's address: a plain optional url field, saying why it matters.
    expect(html).toContain(
      '<label for="c-nr-import-siteUrl">The old site&#x27;s address (Ghost only, optional)</label>',
    );
    const siteUrl = /<input [^>]*name="siteUrl"[^>]*>/.exec(html)?.[0] ?? "";
    expect(siteUrl).toContain('type="url"');
    expect(siteUrl).not.toContain("required");
    expect(html).toContain(
      "Ghost exports do not include it: without it, photographs cannot be downloaded and the import is recognised by the site&#x27;s title",
    );
    expect(html).toContain('<button type="submit">Check the file</button>');
    // The recent imports, each linking to its page, with its status in words.
    expect(html.indexOf("Recent imports")).toBeGreaterThan(html.indexOf("Check the file"));
    expect(html).toContain(`<a href="/newsroom/import/${IMPORT_ID}">daily-edge.ghost.json</a>`);
    expect(html).toContain("Checked, not imported yet");
    expect(imports.calls).toEqual(["list"]);
  });

  it("streams the file with the system, section and rules to the API's dry run and answers 303 to the import's page", async () => {
    const imports = fakeImports();
    const { outcome } = await answer(
      imports,
      uploadRequest(),
      await multipart({
        file: ghostFile(),
        system: "ghost",
        defaultSection: " archive ",
        sectionRules: "news=world\r\n\r\n  sport = sport \n",
        siteUrl: " https://Old.Example.com/blog/ ",
      }),
    );
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: `/newsroom/import/${IMPORT_ID}`,
    });
    expect(imports.uploads).toEqual([
      {
        system: "ghost",
        fileName: "daily-edge.ghost.json",
        defaultSection: "archive",
        sectionRules: [
          { tag: "news", section: "world" },
          { tag: "sport", section: "sport" },
        ],
        siteUrl: "https://old.example.com/blog",
        length: EXPORT.byteLength,
        bytes: EXPORT,
      },
    ]);
  });

  it.each([
    [422, "not_an_export", "This file is not a WordPress export (WXR). Export from Tools, Export."],
    [413, "file_too_large", "The export is larger than 100 MB."],
  ] as const)(
    "shows the API's %i (%s) on the file field with that status, keeping what was typed",
    async (status, code, message) => {
      const imports = fakeImports({ upload: failure(status, code, message) });
      const refused = await page(
        imports,
        uploadRequest(),
        await multipart({
          file: ghostFile(),
          system: "wordpress",
          defaultSection: "old-site",
          sectionRules: "news=world",
        }),
      );
      expect(refused.status).toBe(status);
      const view = refused.props as ImportFormPageView;
      expect(view.problems).toEqual([{ field: "file", message }]);
      expect(refused.html).toContain(
        `<p class="c-nr-problem" id="c-nr-import-file-problem">${message}</p>`,
      );
      expect(refused.html).toMatch(/<input [^>]*aria-invalid="true"[^>]*type="file"/);
      expect(refused.html).toMatch(/<input [^>]*checked="" value="wordpress"/);
      expect(refused.html).toContain('value="old-site"');
      expect(refused.html).toContain(">news=world</textarea>");
    },
  );

  it("shows the API's 422 on the rules when it names `section`", async () => {
    const message = "The section rule news:Wörld is not a section's slug.";
    const imports = fakeImports({ upload: failure(422, "invalid_request", message, "section") });
    const refused = await page(
      imports,
      uploadRequest(),
      await multipart({ file: ghostFile(), system: "ghost", sectionRules: "news=world" }),
    );
    expect((refused.props as ImportFormPageView).problems).toEqual([
      { field: "sectionRules", message },
    ]);
  });

  it("refuses an old site's address the API would refuse, or one given for WordPress, with 422 on its field, keeping what was typed", async () => {
    const imports = fakeImports();
    const refusal = async (system: string, siteUrl: string) => {
      const refused = await page(
        imports,
        uploadRequest(),
        await multipart({ file: ghostFile(), system, siteUrl }),
      );
      expect(refused.status).toBe(422);
      expect(refused.html).toMatch(/<input [^>]*aria-invalid="true"[^>]*name="siteUrl"/);
      expect((refused.props as ImportFormPageView).values.siteUrl).toBe(siteUrl);
      const [problem] = (refused.props as ImportFormPageView).problems;
      expect(problem?.field).toBe("siteUrl");
      return problem?.message ?? "";
    };
    expect(await refusal("ghost", "old.example.com")).toMatch(/whole address/);
    expect(await refusal("ghost", "https://old.example.com/?p=1")).toMatch(/\? or #/);
    expect(await refusal("ghost", "javascript:alert(1)")).toMatch(/https:\/\//);
    expect(await refusal("wordpress", "https://old.example.com")).toMatch(/Ghost exports only/);
    expect(imports.uploads).toHaveLength(0);
  });

  it("shows the API's 422 on the old site's address when it names `siteUrl`", async () => {
    const message = "“https://x” is not the old site's address: keep it under 500 characters.";
    const imports = fakeImports({ upload: failure(422, "invalid_site_url", message, "siteUrl") });
    const refused = await page(
      imports,
      uploadRequest(),
      await multipart({ file: ghostFile(), system: "ghost", siteUrl: "https://x" }),
    );
    expect((refused.props as ImportFormPageView).problems).toEqual([{ field: "siteUrl", message }]);
    expect(refused.html).toContain('value="https://x"');
  });

  it("refuses without asking the API: no file (400), no system or a rule that is not a rule (422), a urlencoded POST (400)", async () => {
    const imports = fakeImports();
    const noFile = await page(
      imports,
      uploadRequest(),
      await multipart({ file: new File([], ""), system: "ghost" }),
    );
    expect(noFile.status).toBe(400);
    expect((noFile.props as ImportFormPageView).problems[0]?.field).toBe("file");
    const bad = await page(
      imports,
      uploadRequest(),
      await multipart({
        file: ghostFile(),
        defaultSection: "Old Site",
        sectionRules: "news=world\nsport",
      }),
    );
    expect(bad.status).toBe(422);
    expect((bad.props as ImportFormPageView).problems).toEqual([
      {
        field: "system",
        message: "Choose which system the export comes from: Ghost or WordPress.",
      },
      {
        field: "defaultSection",
        message:
          "Write a section's slug: lower-case letters, digits and single hyphens, like archive or world-news.",
      },
      {
        field: "sectionRules",
        message:
          "Line 2 is not a rule. Write one rule a line as tag=section, with slugs, like news=world.",
      },
    ]);
    const urlencoded = await page(imports, formRequest("admin", { system: "ghost" }));
    expect(urlencoded.status).toBe(400);
    expect((urlencoded.props as ImportFormPageView).values.system).toBe("ghost");
    expect(imports.uploads).toHaveLength(0);
  });

  it.each(["contributor", "editor"] as const)(
    "answers %s with the 403 page without asking the API",
    async (role) => {
      const imports = fakeImports();
      const { outcome, calls } = await answer(imports, formRequest(role));
      expect(outcome).toMatchObject({ kind: "page", status: 403 });
      const posted = await answer(
        imports,
        uploadRequest(role),
        await multipart({ file: ghostFile(), system: "ghost" }),
      );
      expect(posted.outcome).toMatchObject({ kind: "page", status: 403 });
      const job = await page(imports, jobRequest(role));
      expect(job.status).toBe(403);
      expect(job.html).toContain("only administrators may");
      expect(imports.calls).toEqual([]);
      expect(calls).toEqual([]);
    },
  );
});

describe("the system picked from the file's name (with JavaScript)", () => {
  it("is Ghost for .json, WordPress for .xml, and nothing for other names", () => {
    expect(systemForFileName("the-daily-edge.ghost.2026-11-25.json")).toBe("ghost");
    expect(systemForFileName("THEDAILYEDGE.WordPress.2026-11-25.XML")).toBe("wordpress");
    expect(systemForFileName("export.zip")).toBeNull();
    expect(systemForFileName("json")).toBeNull();
  });
});

describe("Ghost's primary tag rules as typed", () => {
  it("reads one tag=section a line, skipping blank lines, and names the first line that is not a rule", () => {
    expect(parseSectionRules("news=world\r\n\n  long-reads = features ")).toEqual({
      ok: true,
      rules: [
        { tag: "news", section: "world" },
        { tag: "long-reads", section: "features" },
      ],
    });
    for (const [text, line] of [
      ["news=world\nNews=World", 2],
      ["=world", 1],
      ["news=", 1],
      ["news:world", 1],
      ["a=b=c", 1],
      ["news world=x", 1],
    ] as const) {
      const read = parseSectionRules(text);
      expect(read.ok, text).toBe(false);
      if (!read.ok) expect(read.message).toMatch(new RegExp(`^Line ${line} is not a rule`));
    }
  });

  it("takes at most 100 rules, the API's limit", () => {
    const rules = (count: number) =>
      Array.from({ length: count }, (_, index) => `tag-${index}=world`).join("\n");
    expect(parseSectionRules(rules(100)).ok).toBe(true);
    expect(parseSectionRules(rules(101))).toEqual({ ok: false, message: "Keep it to 100 rules." });
  });
});

describe("content.newsroom-import-job: the report, the run, progress", () => {
  it("shows a checked import's counts, old addresses and notes grouped by post, and the button that imports it", async () => {
    const { html, status } = await page(fakeImports(), jobRequest());
    expect(status).toBe(200);
    expect(html).toContain("<h1>Import: daily-edge.ghost.json</h1>");
    expect(html).toContain("Checked, not imported yet");
    expect(html).toContain("<dt>Stories</dt><dd>1,200</dd>");
    expect(html).toContain("<dt>Pages</dt><dd>3</dd>");
    expect(html).toContain("<dt>Authors</dt><dd>4</dd>");
    expect(html).toContain("<dt>Categories</dt><dd>5</dd>");
    expect(html).toContain("<dt>Photographs to download</dt><dd>9</dd>");
    expect(html).toContain("<td>/?p=12</td><td>/archive/imported/harbour-bridge</td>");
    expect(html).toContain("<h3>Harbour bridge</h3>");
    const harbour = html.slice(
      html.indexOf("<h3>Harbour bridge</h3>"),
      html.indexOf("<h3>Storm night</h3>"),
    );
    expect(harbour).toContain("<strong>Dropped:</strong> a script (&lt;script&gt;)");
    expect(harbour).toContain(
      "<strong>Photograph left at its old address:</strong> https://old.example/wp-content/boats.jpg",
    );
    expect(html).toContain("<strong>Kept as a link:</strong> a YouTube embed");
    expect(html).toContain("<h3>The whole file</h3>");
    expect(html).toContain("<strong>Renamed:</strong>");
    const form = /<form [^>]*><button type="submit">([^<]+)<\/button><\/form>/.exec(html);
    expect(form?.[0]).toContain(`action="/newsroom/import/${IMPORT_ID}"`);
    expect(form?.[0]).toContain('method="post"');
    expect(form?.[1]).toBe("Import 1,200 stories and 3 pages");
    expect(html).not.toContain("http-equiv");
  });

  it("lists the first 100 old addresses, then 'and N more'", async () => {
    const redirects = Array.from({ length: 130 }, (_, index) => ({
      from: `/old-${index}/`,
      to: `/archive/imported/story-${index}`,
    }));
    const { html } = await page(
      fakeImports({ get: ok(aJob({ report: aReport({ redirects }) })) }),
      jobRequest(),
    );
    expect(html).toContain("<td>/old-99/</td>");
    expect(html).not.toContain("<td>/old-100/</td>");
    expect(html).toContain("and 30 more.");
  });

  it("a very large import's report, cut by the API: 'and N more' counts the whole lists", async () => {
    const report = aReport({ whole: { redirects: 5000, redirectsKept: 0, notes: 900 } });
    const { html } = await page(fakeImports({ get: ok(aJob({ report })) }), jobRequest());
    const shown = Math.min(report.redirects.length, 100);
    expect(html).toContain(`and ${(5000 - shown).toLocaleString("en-GB")} more.`);
    expect(html).toContain(
      `and ${(900 - report.notes.length).toLocaleString("en-GB")} more notes, too many to show here`,
    );
    const { html: whole } = await page(fakeImports(), jobRequest());
    expect(whole).not.toContain("more notes");
  });

  it("runs the import on the button and answers 303 back to the page", async () => {
    const imports = fakeImports();
    const { outcome } = await answer(imports, jobRequest("admin", true));
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: `/newsroom/import/${IMPORT_ID}`,
    });
    expect(imports.calls).toEqual([`run ${IMPORT_ID}`]);
  });

  it("says a running import is already running when run again (409), with its progress", async () => {
    const imports = fakeImports({
      run: failure(409, "import_running"),
      get: ok(aJob({ status: "running", progress: { done: 10, total: 20 } })),
    });
    const { status, html } = await page(imports, jobRequest("admin", true));
    expect(status).toBe(409);
    expect(html).toContain("This import is already running.");
  });

  it("shows progress with a <progress> element and refreshes itself every 3 seconds while running, with no button", async () => {
    const { html } = await page(
      fakeImports({
        get: ok(aJob({ status: "running", progress: { done: 1200, total: 10000 } })),
      }),
      jobRequest(),
    );
    expect(html).toContain('<meta http-equiv="refresh" content="3"/>');
    expect(html).toContain('<label for="c-nr-import-progress">1,200 of 10,000</label>');
    expect(html).toMatch(/<progress id="c-nr-import-progress" max="10000" value="1200">/);
    expect(html).not.toContain('<button type="submit">');
    const queued = await page(fakeImports({ get: ok(aJob({ status: "queued" })) }), jobRequest());
    expect(queued.html).toContain('<meta http-equiv="refresh" content="3"/>');
    expect(queued.html).toContain("Waiting to start");
  });

  it("keeps the refresh in the HTML of the Worker's streaming render (React hoists <meta>)", async () => {
    const { outcome } = await answer(
      fakeImports({ get: ok(aJob({ status: "running" })) }),
      jobRequest(),
    );
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const html = await renderFragmentHtml(
      "content",
      NewsroomApp,
      "content.newsroom-import-job",
      outcome.props,
    );
    expect(html).toContain('<meta http-equiv="refresh" content="3"/>');
  });

  it("says 'Imported.' when done, links to imported stories, and stops refreshing", async () => {
    const { html } = await page(
      fakeImports({
        get: ok(aJob({ status: "done", report: aReport({ dryRun: false }) })),
      }),
      jobRequest(),
    );
    expect(html).toContain("Imported.");
    expect(html).toContain("What was imported");
    expect(html).toContain("<dt>Photographs downloaded</dt><dd>9</dd>");
    expect(html).toContain('<a href="/archive/imported/harbour-bridge">');
    expect(html.match(/<a href="\/archive\/imported\/harbour-bridge">/g)).toHaveLength(1);
    expect(html).not.toContain("http-equiv");
    expect(html).not.toContain('<button type="submit">');
  });

  it("shows why a failed import stopped and 'Try again', which runs it again", async () => {
    const imports = fakeImports({
      get: ok(
        aJob({
          status: "failed",
          progress: { done: 400, total: 1203 },
          error: "The database refused a batch. Run the import again to continue.",
        }),
      ),
    });
    const { html } = await page(imports, jobRequest());
    expect(html).toContain("The database refused a batch. Run the import again to continue.");
    expect(html).toContain("400 of 1,203");
    expect(html).toContain('<button type="submit">Try again</button>');
    expect(html).not.toContain("http-equiv");
  });

  it("answers an unknown import not found, and sends a signed-out person to log in", async () => {
    const missing = await answer(fakeImports({ get: failure(404, "not_found") }), jobRequest());
    expect(missing.outcome).toEqual({ kind: "not-found" });
    const signedOut = await answer(
      fakeImports({ get: failure(401, "unauthorized") }),
      jobRequest(),
    );
    expect(signedOut.outcome).toMatchObject({
      kind: "redirect",
      location: `/login?next=%2Fnewsroom%2Fimport%2F${IMPORT_ID}`,
    });
  });
});
