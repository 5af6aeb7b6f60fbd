import { describe, expect, it } from "vitest";
import type { ApiFailure } from "edge-api/client";
import { fieldOf, formProblems } from "./newsroom-answers.ts";

const failure = (status: number, code: string, field?: string): ApiFailure => ({
  ok: false,
  status,
  code,
  ...(field ? { field } : {}),
});

describe("fieldOf", () => {
  it("names the editor's input for the API's field", () => {
    expect(fieldOf(failure(422, "invalid_story", "headline"))).toBe("headline");
    expect(fieldOf(failure(422, "invalid_story", "leadImage.alt"))).toBe("leadImageAlt");
    expect(fieldOf(failure(422, "invalid_story", "leadImage.imageId"))).toBe("leadImage");
    expect(fieldOf(failure(422, "invalid_link", "body.3"))).toBe("body");
    expect(fieldOf(failure(422, "invalid_story", "publishAt"))).toBe("publishDate");
    expect(fieldOf(failure(422, "invalid_story"))).toBeUndefined();
  });
});

describe("formProblems", () => {
  it("puts each refusal next to its field with words for it", () => {
    expect(formProblems(failure(409, "reserved_slug"))).toEqual([
      { field: "slug", message: expect.stringContaining("reserved") },
    ]);
    expect(formProblems(failure(409, "slug_taken"), "newSlug")?.[0]?.field).toBe("newSlug");
    expect(formProblems(failure(422, "invalid_link", "body.0"))?.[0]?.field).toBe("body");
    expect(
      formProblems(failure(422, "invalid_story", "seoTitle"), "slug", (f) =>
        f === "seoTitle" ? "Too long." : undefined,
      ),
    ).toEqual([{ field: "seoTitle", message: "Too long." }]);
    expect(formProblems(failure(409, "conflict"))?.[0]?.field).toBe("form");
  });

  it("leaves other failures to the caller", () => {
    for (const [status, code] of [
      [409, "stale_revision"],
      [403, "forbidden"],
      [401, "second_factor_required"],
      [503, "unavailable"],
    ] as const) {
      expect(formProblems(failure(status, code)), code).toBeNull();
    }
  });
});
