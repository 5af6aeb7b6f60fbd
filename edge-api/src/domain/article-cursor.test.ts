import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./article-cursor.ts";

describe("article cursors", () => {
  it("round-trips", () => {
    const cursor = { publishedAt: new Date("2026-11-20T08:15:00.000Z"), id: 42 };
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });

  it.each([
    "",
    "%%%",
    "abc",
    btoa("2026-11-20T08:15:00.000Z_0"),
    btoa("2026-13-40T08:15:00.000Z_1"),
    "A".repeat(65),
  ])("rejects %s", (value) => {
    expect(decodeCursor(value)).toBeNull();
  });

  it.each([
    ["a length base64url cannot have", "abcde"],
    ["padding", `${encodeCursor({ publishedAt: new Date(0), id: 1 })}=`],
    ["the base64 alphabet", "ab+/"],
    ["whitespace", "YWJj ZGVm"],
    ["bytes that are not UTF-8", "__79"],
  ])("rejects a cursor that is not valid base64url (%s)", (_, value) => {
    expect(decodeCursor(value)).toBeNull();
  });
});
