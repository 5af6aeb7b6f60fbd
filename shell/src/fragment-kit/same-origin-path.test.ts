import { describe, expect, it } from "vitest";
import { SameOriginPathSchema } from "../contract/fragment-contract.ts";
import {
  isSameOriginPath,
  MAX_SAME_ORIGIN_PATH_LENGTH,
  sameOriginPathOrNull,
} from "./same-origin-path.ts";

const accepted = ["/", "/profile", "/search?q=a+b", "/world/europe/x#top", "/a//b", "/a\\b"];
const refused = [
  "",
  "profile",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "/\t/evil.example",
  "/a\nb",
  "/a b",
  "/a\u00a0b",
  "/a\u0000",
  "/a\u007f",
  `/${"a".repeat(MAX_SAME_ORIGIN_PATH_LENGTH)}`,
];

describe("the same-origin path check", () => {
  it.each(accepted)("accepts %j", (path) => {
    expect(isSameOriginPath(path)).toBe(true);
    expect(sameOriginPathOrNull(path)).toBe(path);
    expect(SameOriginPathSchema.safeParse(path).success).toBe(true);
  });

  it.each(refused)("refuses %j", (path) => {
    expect(isSameOriginPath(path)).toBe(false);
    expect(sameOriginPathOrNull(path)).toBeNull();
    expect(SameOriginPathSchema.safeParse(path).success).toBe(false);
  });

  it("takes a missing value as no path", () => {
    expect(sameOriginPathOrNull(undefined)).toBeNull();
    expect(sameOriginPathOrNull(null)).toBeNull();
  });

  it("accepts a path of exactly the maximum length", () => {
    expect(isSameOriginPath(`/${"a".repeat(MAX_SAME_ORIGIN_PATH_LENGTH - 1)}`)).toBe(true);
  });
});
