import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createFakeApi, type FakeApi } from "edge-api/fake";
import { aMediaItem, aMediaList } from "edge-api/fake/media";
import { mediaFixtures } from "edge-api/fake/media-files";
import {
  encodeFragmentRequest,
  FRAGMENT_REQUEST_HEADER,
  FRAGMENT_UPLOAD_PATH,
  FragmentAnswerSchema,
  type FragmentRequest,
  type ParsedFragmentAnswer,
} from "shell/contract";
import { expectPage, renderWith } from "../../test/render-route.ts";
import worker from "../../worker/fragment-worker.ts";
import type { MediaLibraryView } from "../ui/media-views.ts";
import { newsroomRequest } from "./newsroom-fixtures.ts";

/**
 * The media library's upload form (issue 16, decision 0022): the form itself, and the POST the
 * shell streams to the content Worker (FRAGMENT_UPLOAD_PATH), read here and sent to the API.
 */

const ID = "c".repeat(32);
const MEDIA_PATH = "/api/newsroom/media";

/** What reached the API's upload: the query, the headers and the bytes of the body. */
interface Uploaded {
  query: Record<string, string>;
  headers: Record<string, string>;
  bytes: Uint8Array;
}

/**
 * The fake API with the upload in front of it (the fake answers JSON endpoints only): the
 * upload answers `answer` and records what it was sent.
 */
function uploadApi(
  answer: () => Response = () => Response.json(aMediaItem({ id: ID }), { status: 201 }),
) {
  const fake = createFakeApi({ mediaLibrary: aMediaList([aMediaItem()], null) });
  const uploads: Uploaded[] = [];
  const binding = {
    async fetch(input: Request | string, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== MEDIA_PATH) {
        return fake.binding.fetch(request);
      }
      uploads.push({
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(request.headers),
        bytes: new Uint8Array(await request.arrayBuffer()),
      });
      return answer();
    },
  };
  return { fake, uploads, api: { ...fake, binding } satisfies FakeApi };
}

const refusal = (status: number, code: string, message: string, field?: string) => () =>
  Response.json({ error: { code, message, ...(field ? { field } : {}) } }, { status });

const libraryPost = (): FragmentRequest => ({
  ...newsroomRequest("content.newsroom-media", {}, { path: "/newsroom/media" }),
  method: "POST",
});

/** A browser's multipart body for `fields`, the file as `file` (a File) when given. */
async function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const encoded = new Request("https://www.dailyedge.test/", { method: "POST", body: form });
  return {
    contentType: encoded.headers.get("content-type") ?? "",
    body: new Uint8Array(await encoded.arrayBuffer()),
  };
}

const photo = (bytes: Uint8Array = mediaFixtures.photoJpg, name = "harbour.jpg") =>
  new File([bytes], name, { type: "image/jpeg" });

/** Sends an upload to the content Worker as the shell does, and parses its answer. */
async function upload(
  api: FakeApi,
  body: { contentType: string; body: BodyInit },
  request: FragmentRequest = libraryPost(),
): Promise<ParsedFragmentAnswer> {
  const response = await worker.fetch(
    new Request(`https://content.internal${FRAGMENT_UPLOAD_PATH}`, {
      method: "POST",
      headers: {
        "content-type": body.contentType,
        [FRAGMENT_REQUEST_HEADER]: encodeFragmentRequest(request),
      },
      body: body.body,
    }),
    { ...env, API: api.binding },
    createExecutionContext(),
  );
  if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
  return FragmentAnswerSchema.parse(await response.json());
}

/** The view of a refused upload: a page with its status, the form's problems and values. */
function refusedView(answer: ParsedFragmentAnswer) {
  const page = expectPage(answer);
  return { page, view: page.props as MediaLibraryView };
}

describe("content.newsroom-media: the upload form", () => {
  it("is a multipart POST form at the top of the library with a labelled file input, alt text saying what it is for, caption, credit, the limit and the button", async () => {
    const { api } = uploadApi();
    const page = expectPage(
      await renderWith(
        api,
        newsroomRequest("content.newsroom-media", {}, { path: "/newsroom/media" }),
      ),
    );
    const form = /<form [^>]*enctype="multipart\/form-data"[^>]*>/i.exec(page.html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/newsroom/media"');
    expect(page.html.indexOf("multipart/form-data")).toBeLessThan(
      page.html.indexOf('role="search"'),
    );
    expect(page.html).toContain('<label for="c-nr-media-upload-file">Photograph</label>');
    const file = /<input [^>]*type="file"[^>]*>/.exec(page.html)?.[0] ?? "";
    expect(file).toContain('id="c-nr-media-upload-file"');
    expect(file).toContain('name="file"');
    expect(file).toContain('accept="image/jpeg,image/png,image/webp,image/avif"');
    expect(file).toContain("required");
    expect(page.html).toContain("JPEG, PNG, WebP or AVIF, at most 20 MB.");
    expect(page.html).toContain('<label for="c-nr-media-upload-alt">Alt text</label>');
    const alt = /<input [^>]*id="c-nr-media-upload-alt"[^>]*>/.exec(page.html)?.[0] ?? "";
    expect(alt).toContain('name="alt"');
    expect(alt).toContain("required");
    expect(alt).toContain('aria-describedby="c-nr-media-upload-alt-hint"');
    expect(page.html).toContain("for readers who cannot see it");
    expect(page.html).toContain(
      '<label for="c-nr-media-upload-caption">Caption (optional)</label>',
    );
    expect(page.html).toContain('<label for="c-nr-media-upload-credit">Credit (optional)</label>');
    expect(page.html).toMatch(/<button type="submit">Upload photograph<\/button>/);
    // Every control of the form has its label.
    const controls = [
      ...page.html.matchAll(/<(?:input|textarea) [^>]*id="(c-nr-media-upload-\w+)"/g),
    ];
    expect(controls.map((match) => match[1])).toEqual([
      "c-nr-media-upload-file",
      "c-nr-media-upload-alt",
      "c-nr-media-upload-caption",
      "c-nr-media-upload-credit",
    ]);
    for (const [, id] of controls) expect(page.html).toContain(`<label for="${id}">`);
  });

  it("sends the photograph's bytes with the alt, caption and credit to the API as the person, and goes to its page with a notice", async () => {
    const { api, uploads } = uploadApi();
    const answer = await upload(
      api,
      await multipart({
        file: photo(),
        alt: "  Fishing boats at dawn ",
        caption: "The harbour before the storm.",
        credit: "",
      }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: `/newsroom/media/${ID}?done=uploaded`,
    });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.bytes).toEqual(mediaFixtures.photoJpg);
    expect(uploads[0]?.query).toEqual({
      alt: "Fishing boats at dawn",
      caption: "The harbour before the storm.",
    });
    expect(uploads[0]?.headers.authorization).toBe("Bearer staff-access-token");
    expect(uploads[0]?.headers["content-length"]).toBe(String(mediaFixtures.photoJpg.byteLength));
  });

  it("shows the notice on the photograph's page after an upload", async () => {
    const item = aMediaItem({ id: ID });
    const api = createFakeApi({ mediaItem: item });
    const page = expectPage(
      await renderWith(
        api,
        newsroomRequest(
          "content.newsroom-media-item",
          { id: ID },
          { path: `/newsroom/media/${ID}`, search: "?done=uploaded" },
        ),
      ),
    );
    expect(page.html).toContain("Uploaded. Check the alt text, then set the focal point");
  });

  it.each([
    [413, "payload_too_large", "The photograph is larger than 20 MB."],
    [415, "unsupported_media", "This file is an SVG drawing, not a photograph."],
    [422, "invalid_media", "The photograph is 30000 × 30000 pixels; the most is 40 megapixels."],
  ] as const)(
    "shows the API's %i (%s) on the file field with that status, keeping what was typed",
    async (status, code, message) => {
      const { api, uploads } = uploadApi(refusal(status, code, message));
      const { page, view } = refusedView(
        await upload(
          api,
          await multipart({
            file: photo(mediaFixtures.scriptSvgJpg, "drawing.jpg"),
            alt: "A drawing",
            caption: "Sent by a reader",
            credit: "Ann Other",
          }),
        ),
      );
      expect(uploads).toHaveLength(1);
      expect(page.status).toBe(status);
      expect(view.upload.problems).toEqual([{ field: "file", message }]);
      expect(view.upload.values).toEqual({
        alt: "A drawing",
        caption: "Sent by a reader",
        credit: "Ann Other",
      });
      expect(page.html).toContain(
        `<p class="c-nr-problem" id="c-nr-media-upload-file-problem">${message}</p>`,
      );
      expect(page.html).toMatch(/<input [^>]*aria-invalid="true"[^>]*type="file"/);
      expect(page.html).toContain('value="A drawing"');
      expect(page.html).toContain("Sent by a reader</textarea>");
      // The library is still there below the form.
      expect(view.items).toHaveLength(1);
    },
  );

  it("shows the API's 422 on the alt field when it names alt", async () => {
    const { api } = uploadApi(
      refusal(
        422,
        "invalid_media",
        "Describe the photograph for readers who cannot see it (alt text).",
        "alt",
      ),
    );
    const { page, view } = refusedView(
      await upload(api, await multipart({ file: photo(), alt: "x" })),
    );
    expect(page.status).toBe(422);
    expect(view.upload.problems).toEqual([
      {
        field: "alt",
        message: "Describe the photograph for readers who cannot see it (alt text).",
      },
    ]);
  });

  it("refuses a form without a file (400) or without alt text (422) without asking the API", async () => {
    const { api, uploads } = uploadApi();
    const noFile = refusedView(
      await upload(api, await multipart({ file: new File([], ""), alt: "Boats" })),
    );
    expect(noFile.page.status).toBe(400);
    expect(noFile.view.upload.problems).toEqual([
      { field: "file", message: "Choose a photograph to upload (JPEG, PNG, WebP or AVIF)." },
    ]);
    expect(noFile.view.upload.values.alt).toBe("Boats");
    const noAlt = refusedView(await upload(api, await multipart({ file: photo(), alt: "   " })));
    expect(noAlt.page.status).toBe(422);
    expect(noAlt.view.upload.problems).toEqual([
      { field: "alt", message: "Describe the photograph for people who cannot see it." },
    ]);
    expect(noAlt.page.html).toMatch(
      /<input [^>]*aria-invalid="true"[^>]*id="c-nr-media-upload-alt"|id="c-nr-media-upload-alt"[^>]*aria-invalid="true"/,
    );
    const tooLong = refusedView(
      await upload(api, await multipart({ file: photo(), alt: "Boats", credit: "c".repeat(201) })),
    );
    expect(tooLong.page.status).toBe(422);
    expect(tooLong.view.upload.problems).toEqual([
      { field: "credit", message: "Keep it to 200 characters." },
    ]);
    expect(uploads).toHaveLength(0);
  });

  it("refuses a file over 20 MB with 413 from the parser, and a broken body with 400, without asking the API", async () => {
    const { api, uploads } = uploadApi();
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(mediaFixtures.photoJpg);
    const tooBig = refusedView(
      await upload(api, await multipart({ alt: "Boats", file: photo(big) })),
    );
    expect(tooBig.page.status).toBe(413);
    expect(tooBig.view.upload.problems[0]).toMatchObject({ field: "file" });
    expect(tooBig.view.upload.problems[0]?.message).toContain("larger than 20 MB");
    expect(tooBig.view.upload.values.alt).toBe("Boats");
    const { contentType, body } = await multipart({ alt: "Boats", file: photo() });
    const cut = refusedView(
      await upload(api, { contentType, body: body.slice(0, body.length - 200) }),
    );
    expect(cut.page.status).toBe(400);
    expect(cut.view.upload.problems[0]?.message).toContain("did not arrive whole");
    expect(uploads).toHaveLength(0);
  });

  it("answers a urlencoded POST (no file in it) with the form again and 400", async () => {
    const { api, uploads } = uploadApi();
    const { page, view } = refusedView(
      await renderWith(
        api,
        newsroomRequest(
          "content.newsroom-media",
          {},
          { path: "/newsroom/media", form: { alt: "Boats" } },
        ),
      ),
    );
    expect(page.status).toBe(400);
    expect(view.upload.problems[0]?.field).toBe("file");
    expect(view.upload.values.alt).toBe("Boats");
    expect(uploads).toHaveLength(0);
  });

  it("sends a signed-out person to log in, answers a refused role with 403, and takes no upload on a page that takes none", async () => {
    const { api } = uploadApi(refusal(401, "unauthorized", "Log in."));
    expect(await upload(api, await multipart({ file: photo(), alt: "Boats" }))).toMatchObject({
      kind: "redirect",
      status: 303,
      location: "/login?next=%2Fnewsroom%2Fmedia",
    });
    const forbidden = uploadApi(refusal(403, "forbidden", "Staff only."));
    const refusedRole = expectPage(
      await upload(forbidden.api, await multipart({ file: photo(), alt: "Boats" })),
    );
    expect(refusedRole.status).toBe(403);
    const elsewhere = {
      ...newsroomRequest(
        "content.newsroom-media-item",
        { id: ID },
        { path: `/newsroom/media/${ID}` },
      ),
      method: "POST" as const,
    };
    const response = await worker.fetch(
      new Request(`https://content.internal${FRAGMENT_UPLOAD_PATH}`, {
        method: "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=x",
          [FRAGMENT_REQUEST_HEADER]: encodeFragmentRequest(elsewhere),
        },
        body: "--x--",
      }),
      { ...env, API: api.binding },
      createExecutionContext(),
    );
    expect(response.status).toBe(400);
  });
});
