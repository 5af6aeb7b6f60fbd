import { describe, expect, it } from "vitest";
import { SameOriginPathSchema } from "../contract/fragment-contract.ts";
import {
  isBodyLinkTarget,
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

describe("isBodyLinkTarget", () => {
  it.each([
    "https://example.org/report",
    "http://example.org",
    "HTTPS://EXAMPLE.ORG/a?b=c#d",
    "mailto:desk@example.org",
    "/world/europe/bridge",
    "/",
  ])("accepts %j", (href) => {
    expect(isBodyLinkTarget(href)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/",
    "/\\evil.example",
    "https:///no-host",
    "https://exa mple.org",
    "world/europe",
    "ftp://example.org",
    "mailto:",
    "",
  ])("refuses %j", (href) => {
    expect(isBodyLinkTarget(href)).toBe(false);
  });
});
