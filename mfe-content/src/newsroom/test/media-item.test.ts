import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { aMediaItem } from "edge-api/fake/media";
import { expectPage, renderWith } from "../../test/render-route.ts";
import type { MediaItemView } from "../ui/media-views.ts";
import { imgTags, srcsetWidths } from "./media-markup.ts";
import { newsroomRequest } from "./newsroom-fixtures.ts";

/** `/newsroom/media/:id` (issue 16): one photograph and its edit form. */

const ID = "c".repeat(32);
const PATH = `/newsroom/media/${ID}`;

// 1600 x 1067, uploaded by someone else than the signed-in person (u1), a square crop set.
const stored = aMediaItem({
  id: ID,
  revision: 3,
  focal: { x: 0.25, y: 0.4 },
  crops: { wide: null, square: { x: 100, y: 0, width: 1000, height: 1000 }, portrait: null },
  uploadedBy: { id: "u2", displayName: "Eda Editor" },
});

function api(answers: FakeAnswers = {}) {
  return createFakeApi({ mediaItem: stored, ...answers });
}

function item(
  form?: Record<string, string>,
  role: "contributor" | "editor" = "editor",
  id = ID,
  search = "",
) {
  return newsroomRequest(
    "content.newsroom-media-item",
    { id },
    { path: `/newsroom/media/${id}`, search, role, ...(form ? { form } : {}) },
  );
}

/** The form as the screen sends it for `stored`, with `changes`. */
function sentForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    baseRevision: "3",
    alt: stored.alt,
    caption: stored.caption,
    credit: stored.credit,
    focalX: "25",
    focalY: "40",
    "wide-left": "",
    "wide-top": "",
    "wide-width": "",
    "wide-height": "",
    "square-left": "100",
    "square-top": "0",
    "square-width": "1000",
    "square-height": "1000",
    "portrait-left": "",
    "portrait-top": "",
    "portrait-width": "",
    "portrait-height": "",
    ...changes,
  };
}

describe("content.newsroom-media-item", () => {
  it("shows the photograph (full use, srcset and sizes), its size, format, uploader and date", async () => {
    const answer = expectPage(await renderWith(api(), item()));
    expect(answer.head.robots).toBe("noindex, nofollow");
    const [photo] = imgTags(answer.html);
    expect(photo).toContain(`src="/images/media/${ID}/full-320.jpg?v=3"`);
    expect(srcsetWidths(photo ?? "")).toEqual(stored.uses.full.widths);
    expect(srcsetWidths(photo ?? "")).toEqual([320, 480, 640, 960, 1280, 1600]);
    expect(photo).toMatch(/sizes="[^"]+"/);
    expect(photo).toContain('width="1600"');
    expect(photo).toContain('height="1067"');
    expect(photo).toContain(`alt="${stored.alt}"`);
    expect(answer.html).toContain("1600 × 1067 pixels, 793 KB");
    expect(answer.html).toContain("JPEG");
    expect(answer.html).toContain(" by Eda Editor");
    expect(answer.html).toContain('dateTime="2026-11-20T08:00:00.000Z"');
    expect(answer.html).toContain('href="/newsroom/media">All photographs');
  });

  it("has one form with a label on every field, the focal point in per cent with a hint, the crops in pixels and the revision hidden", async () => {
    const answer = expectPage(await renderWith(api(), item()));
    expect(answer.html.match(/<form /g)).toHaveLength(1);
    expect(answer.html).toContain('<input type="hidden" name="baseRevision" value="3"/>');
    for (const [id, label] of [
      ["alt", "Alt text"],
      ["caption", "Caption"],
      ["credit", "Credit"],
      ["focalX", "Focal point across"],
      ["focalY", "Focal point down"],
      ["wide-left", "Wide crop (16:9): left"],
      ["square-width", "Square crop: width"],
      ["portrait-height", "Portrait crop (4:5): height"],
    ]) {
      expect(answer.html).toContain(`<label for="c-nr-media-${id}">${label}</label>`);
    }
    // Every input, textarea and select has a label pointing at it.
    const ids = [...answer.html.matchAll(/<(?:input|textarea|select) id="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(ids.length).toBe(17);
    for (const id of ids) expect(answer.html).toContain(`<label for="${id}">`);
    expect(answer.html).toContain("0 across is the");
    expect(answer.html).toMatch(/<input id="c-nr-media-alt"[^>]*required/);
    expect(answer.html).toMatch(/id="c-nr-media-focalX"[^>]*value="25"/);
    expect(answer.html).toMatch(/id="c-nr-media-square-width"[^>]*value="1000"/);
    expect(answer.html).toMatch(/id="c-nr-media-wide-width"[^>]*value=""/);
    expect(answer.html).toContain("Leave empty for automatic.");
  });

  it("marks the focal point on the photograph where the fields say, as a plain figure until the page is hydrated", async () => {
    const answer = expectPage(await renderWith(api(), item()));
    const figure = /<figure class="c-nr-media__photo">([\s\S]*?)<\/figure>/.exec(answer.html)?.[1];
    expect(figure).toContain('<span class="c-nr-media__focal-pick">');
    expect(figure).toMatch(/<svg class="c-nr-media__focal-mark" aria-hidden="true"/);
    expect(figure).toContain('cx="25%" cy="40%"');
    // The newsroom's Content Security Policy refuses inline styles.
    expect(figure).not.toContain("style=");
    // The click-to-set button and its hint come with JavaScript, never in the server's HTML.
    expect(figure).not.toContain("<button");
    expect(figure).not.toContain("Click the photograph");
  });

  it("previews the wide, square and portrait uses at 320 and 480 only, each img with sizes only beside its srcset", async () => {
    const answer = expectPage(await renderWith(api(), item()));
    const view = answer.props as MediaItemView;
    expect(view.previews.map((p) => p.label)).toEqual([
      "Wide crop (16:9)",
      "Square crop",
      "Portrait crop (4:5)",
    ]);
    const images = imgTags(answer.html);
    expect(images).toHaveLength(4);
    for (const use of ["wide", "square", "portrait"]) {
      const tag = images.find((t) => t.includes(`/${use}-320.jpg`)) ?? "";
      expect(srcsetWidths(tag)).toEqual([320, 480]);
    }
    expect(view.previews[1]?.image).toMatchObject({ width: 1000, height: 1000 });
    for (const tag of images) {
      expect(/ sizes="/.test(tag)).toBe(/ srcset="/i.test(tag));
      expect(tag).toContain('loading="lazy"');
    }
  });

  it("saves every field (focal point as a fraction, empty crops automatic) and sees the page again", async () => {
    const fake = api({ updateMedia: stored });
    const answer = await renderWith(
      fake,
      item(
        sentForm({
          alt: "  Boats at dawn ",
          focalX: "62.5",
          "wide-left": "0",
          "wide-top": "100",
          "wide-width": "1600",
          "wide-height": "900",
        }),
      ),
    );
    expect(answer).toEqual({ kind: "redirect", status: 303, location: `${PATH}?done=saved` });
    const call = fake.calls.find((c) => c.endpoint === "updateMedia");
    expect(call?.method).toBe("PATCH");
    expect(call?.body).toEqual({
      baseRevision: 3,
      alt: "Boats at dawn",
      caption: stored.caption,
      credit: stored.credit,
      focal: { x: 0.625, y: 0.4 },
      crops: {
        wide: { x: 0, y: 100, width: 1600, height: 900 },
        square: { x: 100, y: 0, width: 1000, height: 1000 },
        portrait: null,
      },
    });
    // A focal point set more finely than the form shows is not sent back rounded.
    const fine = aMediaItem({ ...stored, focal: { x: 1 / 3, y: 0.4 } });
    const kept = api({ mediaItem: fine, updateMedia: fine });
    await renderWith(kept, item(sentForm({ focalX: "33.3", alt: "Boats" })));
    const keptBody = kept.calls.find((c) => c.endpoint === "updateMedia")?.body;
    expect(keptBody).toMatchObject({ baseRevision: 3, alt: "Boats" });
    expect(keptBody).not.toHaveProperty("focal");
    const saved = expectPage(await renderWith(api(), item(undefined, "editor", ID, "?done=saved")));
    expect(saved.html).toContain("The photograph is saved.");
  });

  it("keeps everything on a stale revision (409): the photograph as it is now, a clear message and what the editor sent", async () => {
    const now = aMediaItem({ ...stored, revision: 4, alt: "Changed by someone else" });
    const fake = api({ mediaItem: now, updateMedia: apiFailure(409, "stale_revision") });
    const answer = expectPage(
      await renderWith(fake, item(sentForm({ alt: "My better alt text", focalX: "70" }))),
    );
    expect(answer.status).toBe(409);
    expect(answer.html).toContain("Your changes were not saved");
    expect(answer.html).toContain("Someone else changed this photograph since you opened it.");
    expect(answer.html).toContain('<input type="hidden" name="baseRevision" value="4"/>');
    expect(answer.html).toMatch(/id="c-nr-media-alt"[^>]*value="Changed by someone else"/);
    const view = answer.props as MediaItemView;
    expect(view.stale?.sent).toContainEqual({ label: "Alt text", value: "My better alt text" });
    expect(view.stale?.sent).toContainEqual({ label: "Focal point across", value: "70" });
    expect(view.stale?.sent).toContainEqual({
      label: "Square crop",
      value: "left 100, top 0, width 1000, height 1000",
    });
    expect(view.stale?.sent).toContainEqual({ label: "Wide crop (16:9)", value: "automatic" });
  });

  it("puts the API's refusal (422) next to the field it names, with the form as sent", async () => {
    const fake = api({
      updateMedia: apiFailure(422, "invalid_media", { field: "crops.portrait" }),
    });
    const sent = sentForm({
      "portrait-left": "0",
      "portrait-top": "0",
      "portrait-width": "800",
      "portrait-height": "800",
    });
    const answer = expectPage(await renderWith(fake, item(sent)));
    expect(answer.status).toBe(422);
    const view = answer.props as MediaItemView;
    expect(view.problems).toEqual([
      {
        field: "crop-portrait",
        message: expect.stringContaining("The portrait crop must be 4:5") as string,
      },
    ]);
    expect(answer.html).toMatch(
      /<a href="#c-nr-media-crop-portrait">Portrait crop \(4:5\)(<!-- -->)?: (<!-- -->)?The portrait crop must be 4:5/,
    );
    expect(answer.html).toMatch(
      /<fieldset[^>]*id="c-nr-media-crop-portrait"[^>]*aria-describedby="c-nr-media-crop-portrait-problem"/,
    );
    expect(answer.html).toMatch(/id="c-nr-media-portrait-width"[^>]*value="800"/);

    const alt = api({ updateMedia: apiFailure(422, "invalid_media", { field: "alt" }) });
    const altAnswer = expectPage(await renderWith(alt, item(sentForm())));
    expect((altAnswer.props as MediaItemView).problems).toEqual([
      { field: "alt", message: expect.stringContaining("Describe the photograph") as string },
    ]);
    expect(altAnswer.html).toMatch(/<input id="c-nr-media-alt"[^>]*aria-invalid="true"/);
  });

  it("refuses an empty alt text, a focal point outside 0-100, a half-filled crop and a missing revision itself, without asking the API", async () => {
    const fake = api();
    const answer = expectPage(
      await renderWith(
        fake,
        item(sentForm({ alt: "  ", focalY: "140", "wide-left": "0", "wide-width": "1600" })),
      ),
    );
    expect(answer.status).toBe(422);
    expect((answer.props as MediaItemView).problems.map((p) => p.field)).toEqual([
      "alt",
      "focalY",
      "crop-wide",
    ]);
    expect(answer.html).toContain("Describe the photograph for people who cannot see it.");
    expect(answer.html).toContain("Give a number from 0 to 100 (per cent).");
    expect(answer.html).toContain("or leave all four empty for automatic.");
    expect(answer.html).toMatch(/id="c-nr-media-focalY"[^>]*value="140"/);
    expect(fake.calls.some((c) => c.endpoint === "updateMedia")).toBe(false);
    const unread = expectPage(await renderWith(fake, item(sentForm({ baseRevision: "" }))));
    expect(unread.status).toBe(400);
    expect(unread.html).toContain("This form could not be read. Reload the page.");
    expect(fake.calls.some((c) => c.endpoint === "updateMedia")).toBe(false);
  });

  it("answers 404 for an unknown photograph and for an address that is not one, without a call for the latter", async () => {
    const missing = api({ mediaItem: apiFailure(404, "not_found") });
    expect(await renderWith(missing, item())).toEqual({ kind: "not-found" });
    const fake = api();
    expect(await renderWith(fake, item(undefined, "editor", "not-a-photo"))).toEqual({
      kind: "not-found",
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("shows contributors another person's photograph read-only, and their own with the form; the API's 403 is a clear page", async () => {
    const others = expectPage(await renderWith(api(), item(undefined, "contributor")));
    expect(others.html).not.toContain("<form");
    expect(others.html).toContain(
      "Only editors and the person who uploaded it change this photograph.",
    );
    expect(others.html).toContain(stored.alt);
    expect(others.html).toContain("25% across, 40% down");

    const own = aMediaItem({ ...stored, uploadedBy: { id: "u1", displayName: "Ada Okafor" } });
    const mine = expectPage(
      await renderWith(api({ mediaItem: own }), item(undefined, "contributor")),
    );
    expect(mine.html).toContain("<form");

    const refused = expectPage(
      await renderWith(
        api({ updateMedia: apiFailure(403, "forbidden") }),
        item(sentForm(), "contributor"),
      ),
    );
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Your role does not allow you to change this photograph.");
  });
});
