import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { aMediaItem, aMediaList } from "edge-api/fake/media";
import { expectPage, renderWith } from "../../test/render-route.ts";
import type { MediaLibraryView } from "../ui/media-views.ts";
import { imgTags, srcsetWidths } from "./media-markup.ts";
import { newsroomRequest } from "./newsroom-fixtures.ts";

/** `/newsroom/media` (issue 16): the media library, searched and paged with plain links. */

const harbour = aMediaItem({ id: "a".repeat(32), credit: "Photograph: Ada Lens / Daily Edge" });
// 600 x 500: its square use is 500 px, so it offers only 320 and 480.
const small = aMediaItem({
  id: "b".repeat(32),
  width: 600,
  height: 500,
  alt: "A lifeboat on its trailer",
  credit: "",
});

function api(answers: FakeAnswers = {}) {
  return createFakeApi({ mediaLibrary: aMediaList([harbour, small], "cursor-2"), ...answers });
}

const library = (search = "", role: "contributor" | "editor" = "editor") =>
  newsroomRequest("content.newsroom-media", {}, { path: "/newsroom/media", search, role });

describe("content.newsroom-media", () => {
  it("shows a labelled GET search form and the photographs newest first, each a lazy thumbnail with alt text and credit that opens it", async () => {
    const answer = expectPage(await renderWith(api(), library()));
    expect(answer.head.title).toBe("Photographs | Newsroom | The Daily Edge");
    expect(answer.head.robots).toBe("noindex, nofollow");
    expect(answer.html).toContain("Photographs</h1>");
    const search = /<form [^>]*role="search"[^>]*>/.exec(answer.html)?.[0] ?? "";
    expect(search).toContain('method="get"');
    expect(search).toContain('action="/newsroom/media"');
    expect(answer.html).toContain('<label for="c-nr-media-q">Search the photographs</label>');
    expect(answer.html).toMatch(/<input id="c-nr-media-q" type="search"[^>]* name="q"/);
    const view = answer.props as MediaLibraryView;
    expect(view.items.map((item) => item.href)).toEqual([
      `/newsroom/media/${"a".repeat(32)}`,
      `/newsroom/media/${"b".repeat(32)}`,
    ]);
    const images = imgTags(answer.html);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('alt="Fishing boats moored in the harbour at dawn"');
    expect(images[0]).toContain('loading="lazy"');
    expect(images[0]).toMatch(/width="\d+" height="\d+"/);
    expect(images[0]).toContain(`src="/images/media/${"a".repeat(32)}/square-320.jpg?v=1"`);
    expect(answer.html).toContain("Photograph: Ada Lens / Daily Edge");
    expect(answer.html).toContain("A lifeboat on its trailer");
  });

  it("offers in srcset only the widths each photograph has, with sizes beside it", async () => {
    const answer = expectPage(await renderWith(api(), library()));
    const [big, little] = imgTags(answer.html);
    expect(srcsetWidths(big ?? "")).toEqual([320, 480, 640]);
    expect(srcsetWidths(little ?? "")).toEqual([320, 480]);
    expect(small.uses.square.widths).toEqual([320, 480]);
    for (const tag of imgTags(answer.html)) {
      expect(tag).toMatch(/srcset="[^"]+"/i);
      expect(tag).toMatch(/sizes="[^"]+"/);
    }
  });

  it("asks the API with the search and links More to the next page keeping it, and back to the newest", async () => {
    const fake = api();
    const answer = expectPage(await renderWith(fake, library("?q=harbour+dawn")));
    expect(fake.calls.find((c) => c.endpoint === "mediaLibrary")?.query).toEqual({
      q: "harbour dawn",
    });
    expect(answer.html).toContain('value="harbour dawn"');
    expect((answer.props as MediaLibraryView).moreHref).toBe(
      "/newsroom/media?q=harbour+dawn&cursor=cursor-2",
    );
    expect(answer.html).toContain('href="/newsroom/media?q=harbour+dawn&amp;cursor=cursor-2"');

    const next = api({ mediaLibrary: aMediaList([small], null) });
    const second = expectPage(await renderWith(next, library("?q=harbour+dawn&cursor=cursor-2")));
    expect(next.calls.find((c) => c.endpoint === "mediaLibrary")?.query).toEqual({
      q: "harbour dawn",
      cursor: "cursor-2",
    });
    expect(second.html).not.toContain("More photographs");
    expect(second.html).toContain('href="/newsroom/media?q=harbour+dawn">Back to the newest');
  });

  it("says so when the library is empty, and when nothing matches a search", async () => {
    const empty = api({ mediaLibrary: aMediaList([], null) });
    const none = expectPage(await renderWith(empty, library()));
    expect(none.html).toContain("There are no photographs in the library yet.");
    expect(none.html).not.toContain("<img");
    expect(none.html).not.toContain("More photographs");
    const unmatched = expectPage(await renderWith(empty, library("?q=volcano")));
    expect(unmatched.html).toContain("No photographs match “volcano”.");
  });

  it("answers an unreadable cursor with a 400 page that links to the newest, and sends a signed-out person to log in", async () => {
    const refused = expectPage(
      await renderWith(
        api({ mediaLibrary: apiFailure(400, "invalid_request") }),
        library("?cursor=x"),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("This page of the library could not be found.");
    expect(refused.html).toContain('href="/newsroom/media">Back to the newest');
    const out = await renderWith(api({ mediaLibrary: apiFailure(401, "unauthorized") }), library());
    expect(out).toMatchObject({ kind: "redirect", location: "/login?next=%2Fnewsroom%2Fmedia" });
  });
});
