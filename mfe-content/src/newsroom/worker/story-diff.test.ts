import { describe, expect, it } from "vitest";
import { storyFields } from "../test/newsroom-fixtures.ts";
import { storyChanges } from "./story-diff.ts";

/** The lead image in the 409 page's and the revisions' field diffs. */

const words = { alt: "The harbour", caption: "", credit: "Ada Lens" };
const photo = (mediaId: string) => storyFields({ leadImage: { mediaId, ...words } });

function leadChange(before = storyFields(), after = storyFields()): string | undefined {
  const change = storyChanges(before, after).find((c) => c.field === "leadImage");
  return change?.parts.map((part) => `${part.change}:${part.text}`).join("|");
}

describe("storyChanges of the lead image", () => {
  it("names a lead photograph by its id, and an illustration by its number", () => {
    const illustration = storyFields({ leadImage: { imageId: 7, ...words } });
    expect(leadChange(storyFields(), photo("a".repeat(32)))).toBe(
      `added:Photograph ${"a".repeat(32)}; alt: The harbour; caption: ; credit: Ada Lens`,
    );
    expect(leadChange(illustration, photo("a".repeat(32)))).toBe(
      `removed:Image|added:Photograph|same: |removed:7|added:${"a".repeat(32)}|same:; alt: The harbour; caption: ; credit: Ada Lens`,
    );
  });

  it("shows another photograph as a change, and the same one as none", () => {
    expect(leadChange(photo("a".repeat(32)), photo("b".repeat(32)))).toContain(
      `removed:${"a".repeat(32)}`,
    );
    expect(leadChange(photo("a".repeat(32)), photo("a".repeat(32)))).toBeUndefined();
  });
});
