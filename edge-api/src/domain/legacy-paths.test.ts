import { describe, expect, it } from "vitest";
import { legacyPathKey, MAX_LEGACY_PATH_LENGTH } from "./legacy-paths.ts";

describe("legacyPathKey", () => {
  it("lower-cases the path and drops its trailing slashes, but keeps / itself", () => {
    expect(legacyPathKey("/2024/05/My-Post/", "")).toBe("/2024/05/my-post");
    expect(legacyPathKey("/my-post//", "")).toBe("/my-post");
    expect(legacyPathKey("/", "")).toBe("/");
    expect(legacyPathKey("///", "")).toBe("/");
  });

  it("keeps only p and page_id of the query, p first, whatever order they came in", () => {
    expect(legacyPathKey("/", "?utm_source=x&p=123")).toBe("/?p=123");
    expect(legacyPathKey("/", "?page_id=7&ref=feed")).toBe("/?page_id=7");
    expect(legacyPathKey("/", "?page_id=7&p=9")).toBe("/?p=9&page_id=7");
    expect(legacyPathKey("/blog/", "?p=12")).toBe("/blog?p=12");
    expect(legacyPathKey("/my-post/", "?utm_medium=email")).toBe("/my-post");
  });

  it("takes the query with or without its question mark, and ignores empty or other-case names", () => {
    expect(legacyPathKey("/", "p=123")).toBe("/?p=123");
    expect(legacyPathKey("/", "?p=")).toBe("/");
    expect(legacyPathKey("/", "?P=123")).toBe("/");
  });

  it("writes a parameter's value as encodeURIComponent does, so a key never gains a second query", () => {
    expect(legacyPathKey("/", "?p=1%262")).toBe("/?p=1%262");
    expect(legacyPathKey("/", "?p=a b")).toBeNull();
    expect(legacyPathKey("/", "?p=a+b")).toBe("/?p=a%20b");
  });

  it("drops the fragment", () => {
    expect(legacyPathKey("/my-post/#comments", "")).toBe("/my-post");
    expect(legacyPathKey("/", "?p=5#respond")).toBe("/?p=5");
  });

  it("gives one key for a path written raw or percent-encoded, in the URL standard's encoding", () => {
    expect(legacyPathKey("/café/", "")).toBe("/caf%c3%a9");
    expect(legacyPathKey("/caf%C3%A9", "")).toBe("/caf%c3%a9");
  });

  it("resolves dot segments and keeps a path that starts with two slashes a path", () => {
    expect(legacyPathKey("/a/../b/", "")).toBe("/b");
    expect(legacyPathKey("//evil.example/x", "")).toBe("//evil.example/x");
  });

  it("is idempotent: a key is its own key", () => {
    for (const key of ["/", "/?p=123", "/blog?p=1&page_id=2", "/caf%c3%a9", "/2024/05/my-post"]) {
      const at = key.indexOf("?");
      const [pathname, search] = at < 0 ? [key, ""] : [key.slice(0, at), key.slice(at)];
      expect(legacyPathKey(pathname, search)).toBe(key);
    }
  });

  it("refuses what it could not have stored: relative, empty, controls or whitespace, too long", () => {
    expect(legacyPathKey("", "")).toBeNull();
    expect(legacyPathKey("my-post", "")).toBeNull();
    expect(legacyPathKey("https://old.example/my-post", "")).toBeNull();
    expect(legacyPathKey("/my\tpost", "")).toBeNull();
    expect(legacyPathKey("/my\npost", "")).toBeNull();
    expect(legacyPathKey("/my post", "")).toBeNull();
    expect(legacyPathKey("/a\u0000b", "")).toBeNull();
    expect(legacyPathKey("/", "?p=1\r\n")).toBeNull();
  });

  it("takes a key of exactly the longest length and refuses one character more", () => {
    const longest = `/${"a".repeat(MAX_LEGACY_PATH_LENGTH - 1)}`;
    expect(legacyPathKey(longest, "")).toBe(longest);
    expect(legacyPathKey(`${longest}a`, "")).toBeNull();
    // Trailing slashes do not count: they are not part of the key.
    expect(legacyPathKey(`${longest}/`, "")).toBe(longest);
  });

  it("refuses absurd inputs before parsing them, and is quick on thousands of slashes", () => {
    expect(legacyPathKey(`/${"a".repeat(50_000)}`, "")).toBeNull();
    expect(legacyPathKey("/", `?p=1&x=${"y".repeat(20_000)}`)).toBeNull();
    const started = Date.now();
    expect(legacyPathKey(`/${"/".repeat(3_990)}x`, "")).toBeNull();
    expect(legacyPathKey("/".repeat(3_999), "")).toBe("/");
    expect(Date.now() - started).toBeLessThan(500);
  });
});
