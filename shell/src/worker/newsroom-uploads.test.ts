import { JwksAnswerSchema } from "edge-api/contract/account";
import { createFakeApi } from "edge-api/fake";
import { mediaFixtures } from "edge-api/fake/media-files";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  decodeFragmentRequest,
  FRAGMENT_REQUEST_HEADER,
  FRAGMENT_UPLOAD_PATH,
  FragmentRequestSchema,
  UPLOAD_MAX_BODY_BYTES,
  type FragmentAnswer,
  type FragmentRequest,
} from "../contract/fragment-contract.ts";
import { callShell } from "../test/call-shell.ts";
import {
  ORIGIN,
  createTestSigner,
  json,
  testEnv,
  type TestSigner,
} from "../test/fake-shell-env.ts";
import type { ServiceBinding } from "./shell-env.ts";
import { resetKeyCache } from "./viewer-session.ts";

/**
 * Upload through the shell (issue 16, decision 0022): a multipart form posted to a page that
 * takes uploads (`/newsroom/media`) streams to the content fragment with the render request
 * beside it; every other page still refuses multipart, and the size is checked by
 * Content-Length and again by counting.
 */

let signer: TestSigner;
beforeAll(async () => {
  signer = await createTestSigner();
});
beforeEach(() => resetKeyCache());

const MB = 1024 * 1024;

/** What the content fragment received: the path, the render request and the body it read. */
interface Received {
  path: string;
  contentType: string;
  request: FragmentRequest;
  /** The body's bytes, or the error reading it ended with. */
  body: Uint8Array | Error;
}

function uploadDesk() {
  const received: Received[] = [];
  const content: ServiceBinding = {
    async fetch(input, init) {
      const request = new Request(input, init);
      // The live build, for readers' pages kept at the edge.
      if (request.method === "GET") return json({ buildId: "abc123def456" });
      const path = new URL(request.url).pathname;
      const isUpload = path === FRAGMENT_UPLOAD_PATH;
      const render = FragmentRequestSchema.parse(
        isUpload
          ? decodeFragmentRequest(request.headers.get(FRAGMENT_REQUEST_HEADER))
          : await request.json(),
      );
      let body: Uint8Array | Error = new Uint8Array();
      if (isUpload) {
        body = await request.bytes().catch((error: unknown) => error as Error);
      }
      received.push({
        path,
        contentType: request.headers.get("content-type") ?? "",
        request: render,
        body,
      });
      // A page for a GET; a whole upload goes to its photograph; a broken one gets the form (400).
      const answer: FragmentAnswer =
        body instanceof Error || render.method === "GET"
          ? {
              kind: "page",
              status: body instanceof Error ? 400 : 200,
              head: { title: "Photographs", description: "", canonicalPath: render.path },
              html: "<h1>Photographs</h1>",
              props: {},
              buildId: "abc123def456",
              stylesheets: [],
              cache: { scope: "private", maxAge: 0 },
            }
          : { kind: "redirect", status: 303, location: "/newsroom/media/m1?done=uploaded" };
      return json(answer);
    },
  };
  const api = createFakeApi({
    secondFactor: { role: "editor", enrolled: true, verified: true, recoveryCodesLeft: 10 },
    jwks: () => JwksAnswerSchema.parse(signer.jwks),
  });
  return { env: testEnv(content, api.binding), received };
}

async function editorCookie(): Promise<string> {
  const token = await signer.accessToken("Edie Editor", "10m", {
    role: "editor",
    newsroomVerified: true,
  });
  return `__Host-access=${token}`;
}

/** A browser's multipart form: the photograph and its alt text, with the browser's headers. */
async function multipartForm(file: Uint8Array = mediaFixtures.photoJpg) {
  const form = new FormData();
  form.set("alt", "Fishing boats at dawn");
  form.set("file", new File([file], "harbour.jpg", { type: "image/jpeg" }));
  const encoded = new Request(ORIGIN, { method: "POST", body: form });
  return {
    contentType: encoded.headers.get("content-type") ?? "",
    bytes: new Uint8Array(await encoded.arrayBuffer()),
  };
}

async function post(
  desk: ReturnType<typeof uploadDesk>,
  path: string,
  body: BodyInit,
  headers: Record<string, string>,
) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { cookie: await editorCookie(), origin: ORIGIN, ...headers },
  });
  const response = await callShell(request, desk.env);
  return { response, text: await response.text() };
}

/** A body of `size` bytes in 1 MB chunks, with no length the runtime could know in advance. */
function streamOf(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(MB, left)).fill(45);
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("upload through the shell", () => {
  it("streams a multipart form to /newsroom/media on to the content fragment, bytes and boundary as sent, with the render request beside it", async () => {
    const desk = uploadDesk();
    const form = await multipartForm();
    const { response } = await post(desk, "/newsroom/media", form.bytes, {
      "content-type": form.contentType,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/newsroom/media/m1?done=uploaded");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [seen] = desk.received;
    expect(seen?.path).toBe(FRAGMENT_UPLOAD_PATH);
    expect(seen?.contentType).toBe(form.contentType);
    expect(seen?.body).toEqual(form.bytes);
    expect(seen?.request).toMatchObject({
      routeId: "content.newsroom-media",
      method: "POST",
      path: "/newsroom/media",
      viewer: { role: "editor" },
    });
    expect(seen?.request.accessToken).toMatch(/^ey/);
    expect(seen?.request.form).toBeUndefined();
  });

  it("refuses multipart on every other page with 415, the navigation endpoint included, and asks no fragment", async () => {
    const desk = uploadDesk();
    const form = await multipartForm();
    for (const path of [
      "/newsroom/media/m1",
      "/newsroom/import/imp_1",
      "/newsroom/stories/st-1",
      "/profile",
      "/_edge/navigate?path=%2Fnewsroom%2Fmedia",
    ]) {
      const { response } = await post(desk, path, form.bytes, {
        "content-type": form.contentType,
      });
      expect(response.status, path).toBe(415);
    }
    const reader = await post(desk, "/world", form.bytes, { "content-type": form.contentType });
    expect(reader.response.status).toBe(405);
    expect(desk.received).toHaveLength(0);
  });

  it("refuses an upload from another site with 403 before reading it", async () => {
    const desk = uploadDesk();
    const form = await multipartForm();
    const { response } = await post(desk, "/newsroom/media", form.bytes, {
      "content-type": form.contentType,
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(desk.received).toHaveLength(0);
  });

  it.each(["/newsroom/media", "/newsroom/import"])(
    "refuses a body over 20 MB to %s by its Content-Length with 413 and says why, without asking the fragment",
    async (path) => {
      const desk = uploadDesk();
      const { response, text } = await post(desk, path, streamOf(1), {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(UPLOAD_MAX_BODY_BYTES + 1),
      });
      expect(response.status).toBe(413);
      expect(text).toContain("at most 20 MB");
      expect(desk.received).toHaveLength(0);
    },
  );

  it("counts a body that says it is small, or says nothing, and answers 413 once it passes 20 MB", async () => {
    const lengths: Record<string, string>[] = [{ "content-length": "1000" }, {}];
    for (const length of lengths) {
      const desk = uploadDesk();
      const { response, text } = await post(desk, "/newsroom/media", streamOf(21 * MB), {
        "content-type": "multipart/form-data; boundary=x",
        ...length,
      });
      expect(response.status).toBe(413);
      expect(text).toContain("at most 20 MB");
      // The fragment read no more than the limit: the stream broke there.
      expect(desk.received[0]?.body).toBeInstanceOf(Error);
    }
  });

  it("still passes a urlencoded form to /newsroom/media as fields, and refuses one over 512 KB", async () => {
    const desk = uploadDesk();
    const { response } = await post(desk, "/newsroom/media", "alt=Boats", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(303);
    expect(desk.received[0]?.path).toBe("/_fragment/render");
    expect(desk.received[0]?.request.form).toEqual({ alt: "Boats" });
    const large = await post(desk, "/newsroom/media", `alt=${"a".repeat(600 * 1024)}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(large.response.status).toBe(413);
  });

  it("lets newsroom pages show blob: images (the upload's local preview), and readers' pages not", async () => {
    const desk = uploadDesk();
    const cookie = await editorCookie();
    const newsroom = await callShell(
      new Request(`${ORIGIN}/newsroom/media`, { headers: { cookie } }),
      desk.env,
    );
    expect(newsroom.status).toBe(200);
    expect(newsroom.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob:;",
    );
    const reader = await callShell(new Request(`${ORIGIN}/world`), desk.env);
    expect(reader.headers.get("content-security-policy")).toContain("img-src 'self' data:;");
  });
});
