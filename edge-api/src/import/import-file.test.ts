import { describe, expect, it } from "vitest";
import { aGhostExport, aWordPressExport } from "../test/import-exports.ts";
import {
  checkImportFileSize,
  detectExportKind,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_POST_HTML_MAX_BYTES,
  ImportFileError,
  normalizeOldPath,
  oldPathsOf,
  utf8ByteLength,
} from "./import-file.ts";

describe("the limits", () => {
  it("are 100 MiB per file and 1 MiB of HTML per post", () => {
    expect(IMPORT_FILE_MAX_BYTES).toBe(104_857_600);
    expect(IMPORT_POST_HTML_MAX_BYTES).toBe(1_048_576);
  });

  it("refuses a file over 100 MiB by its byte length (413), without reading it", () => {
    expect(() => checkImportFileSize(IMPORT_FILE_MAX_BYTES)).not.toThrow();
    let error: unknown;
    try {
      checkImportFileSize(200 * 1024 * 1024);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ code: "file_too_large", status: 413 });
    expect((error as Error).message).toContain("200.0 MB");
    expect((error as Error).message).toContain("100.0 MB");
  });

  it("gives each refusal its status: 413 for size, 422 for the rest", () => {
    expect(new ImportFileError("not_an_export", "x").status).toBe(422);
    expect(new ImportFileError("truncated", "x").status).toBe(422);
    expect(new ImportFileError("dtd_refused", "x").status).toBe(422);
    expect(new ImportFileError("unreadable", "x").status).toBe(422);
    expect(new ImportFileError("file_too_large", "x").status).toBe(413);
  });

  it("measures UTF-8 bytes as TextEncoder does", () => {
    for (const text of ["plain", "café", "日本語", "emoji 🎉 here", "lone \ud800 surrogate", ""]) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe("detectExportKind", () => {
  it("knows a Ghost export by its JSON object, with a BOM or leading space", () => {
    expect(detectExportKind(aGhostExport().slice(0, 4096))).toBe("ghost");
    expect(detectExportKind('\uFEFF  \n{"db": [')).toBe("ghost");
  });

  it("knows a WordPress export by <rss and the wp export namespace", () => {
    expect(detectExportKind(aWordPressExport().slice(0, 4096))).toBe("wordpress");
    expect(detectExportKind(aWordPressExport({ wxrVersion: "1.1" }).slice(0, 4096))).toBe(
      "wordpress",
    );
  });

  it("knows neither a plain RSS feed, an Atom feed, a JSON array nor text", () => {
    expect(detectExportKind('<?xml version="1.0"?><rss version="2.0"><channel>')).toBeNull();
    expect(detectExportKind('<feed xmlns="http://www.w3.org/2005/Atom">')).toBeNull();
    expect(detectExportKind("[1, 2, 3]")).toBeNull();
    expect(detectExportKind("Title,Body\nHello,World")).toBeNull();
    expect(detectExportKind("")).toBeNull();
  });
});

describe("normalizeOldPath", () => {
  const site = "https://old.example";

  it("keeps the path of a same-site URL, lower-cased, without a trailing slash", () => {
    expect(normalizeOldPath("https://old.example/2024/05/My-Post/", site)).toBe("/2024/05/my-post");
    expect(normalizeOldPath("/My-Post/", site)).toBe("/my-post");
    expect(normalizeOldPath("my-post", site)).toBe("/my-post");
  });

  it("keeps / as it is", () => {
    expect(normalizeOldPath("https://old.example/", site)).toBe("/");
    expect(normalizeOldPath("https://old.example", site)).toBe("/");
  });

  it("keeps only p and page_id of the query, and drops the fragment", () => {
    expect(normalizeOldPath("https://old.example/?p=123&utm_source=x#comments", site)).toBe(
      "/?p=123",
    );
    expect(normalizeOldPath("/?page_id=7&preview=true", site)).toBe("/?page_id=7");
    expect(normalizeOldPath("/news/?utm_campaign=spring", site)).toBe("/news");
  });

  it("keeps the site's own path prefix (a WordPress in a folder)", () => {
    expect(
      normalizeOldPath("https://old.example/blog/2024/post/", "https://old.example/blog"),
    ).toBe("/blog/2024/post");
  });

  it("refuses addresses on another site, www. aside", () => {
    expect(normalizeOldPath("https://elsewhere.example/post/", site)).toBeNull();
    expect(normalizeOldPath("https://www.old.example/post/", site)).toBe("/post");
    expect(normalizeOldPath("http://old.example/post/", site)).toBe("/post");
  });

  it("refuses what is not an address", () => {
    expect(normalizeOldPath("", site)).toBeNull();
    expect(normalizeOldPath("   ", site)).toBeNull();
    expect(normalizeOldPath("mailto:desk@old.example", site)).toBeNull();
    expect(normalizeOldPath("javascript:alert(1)", site)).toBeNull();
  });

  it("takes any host as the site's when the export does not say where it was", () => {
    expect(normalizeOldPath("https://anywhere.example/Post/", "")).toBe("/post");
    expect(normalizeOldPath("/?p=5", "")).toBe("/?p=5");
  });

  it("is idempotent", () => {
    for (const path of ["/2024/05/my-post", "/?p=123", "/", "/blog/x?page_id=7"]) {
      expect(normalizeOldPath(path, site)).toBe(path);
    }
  });

  it("oldPathsOf drops off-site and repeated paths", () => {
    expect(
      oldPathsOf(["https://old.example/a/", "/A", "https://other.example/b/", "/?p=1"], site),
    ).toEqual(["/a", "/?p=1"]);
  });
});
