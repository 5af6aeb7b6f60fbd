import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next-path.ts";

describe("safeNextPath", () => {
  it.each(["/", "/profile", "/world/europe/some-slug?x=1#top", "/a//b", "/a/\\b"])(
    "keeps the same-origin path %j",
    (value) => {
      expect(safeNextPath(value)).toBe(value);
    },
  );

  it.each([
    undefined,
    "",
    "profile",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    " /profile",
    `/${"a".repeat(2048)}`,
  ])("refuses %j", (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});
