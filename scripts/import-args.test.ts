import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseImportArgs } from "./import-args.ts";

describe("parseImportArgs", () => {
  it("reads the system, the file and the options", () => {
    assert.deepEqual(
      parseImportArgs([
        "ghost",
        "export.json",
        "--dry-run",
        "--section",
        "sport=sport",
        "--section",
        "money=business",
        "--default-section",
        "news",
        "--report",
        "r.json",
      ]),
      {
        system: "ghost",
        file: "export.json",
        dryRun: true,
        defaultSection: "news",
        tagSections: { sport: "sport", money: "business" },
        reportFile: "r.json",
        remote: false,
        yes: false,
        images: true,
        siteUrl: null,
      },
    );
    assert.deepEqual(parseImportArgs(["wordpress", "site.xml"]), {
      system: "wordpress",
      file: "site.xml",
      dryRun: false,
      defaultSection: "archive",
      tagSections: {},
      reportFile: null,
      remote: false,
      yes: false,
      images: true,
      siteUrl: null,
    });
    assert.equal(
      (parseImportArgs(["ghost", "a.json", "--no-images"]) as { images?: boolean }).images,
      false,
    );
  });

  it("says what is wrong", () => {
    const problem = (argv: string[]) => (parseImportArgs(argv) as { problem?: string }).problem;
    assert.equal(problem([]), "Say which export it is: ghost or wordpress.");
    assert.equal(problem(["substack", "x"]), "Say which export it is: ghost or wordpress.");
    assert.equal(problem(["ghost"]), "Give the export file's path.");
    assert.equal(problem(["ghost", "a", "b"]), "One file at a time (also given: b).");
    assert.equal(problem(["ghost", "a", "--report"]), "--report needs a value.");
    assert.equal(problem(["ghost", "a", "--sections", "x"]), "Unknown option --sections.");
    assert.match(problem(["ghost", "a", "--section", "Sport"]) ?? "", /<tag slug>=<section slug>/);
    assert.match(problem(["ghost", "a", "--default-section", "Not A Slug"]) ?? "", /not a slug/);
  });

  it("reads Ghost's --site-url without its trailing slash, a path allowed, and says what is wrong with one", () => {
    const siteUrl = (argv: string[]) => {
      const args = parseImportArgs(["ghost", "a.json", ...argv]);
      return "problem" in args ? args.problem : args.siteUrl;
    };
    assert.equal(siteUrl(["--site-url", "https://old.example.com/"]), "https://old.example.com");
    assert.equal(
      siteUrl(["--site-url", "http://Old.Example.com/blog/"]),
      "http://old.example.com/blog",
    );
    assert.equal(siteUrl([]), null);
    assert.match(siteUrl(["--site-url", "old.example.com"]) ?? "", /^--site-url: .*whole address/);
    assert.match(siteUrl(["--site-url", "ftp://old.example.com"]) ?? "", /https:\/\//);
    assert.match(siteUrl(["--site-url", "https://old.example.com/?p=1"]) ?? "", /\? or #/);
    assert.match(siteUrl(["--site-url", "https://old.example.com#top"]) ?? "", /\? or #/);
    assert.equal(siteUrl(["--site-url"]), "--site-url needs a value.");
    assert.deepEqual(
      parseImportArgs(["wordpress", "a.xml", "--site-url", "https://old.example.com"]),
      { problem: "--site-url is for Ghost exports only: a WordPress export says its address." },
    );
  });

  it("reads --remote and its --yes; --yes alone confirms nothing", () => {
    const read = (argv: string[]) => {
      const args = parseImportArgs(argv);
      if ("problem" in args) assert.fail(args.problem);
      return { remote: args.remote, yes: args.yes, dryRun: args.dryRun };
    };
    assert.deepEqual(read(["ghost", "a.json", "--remote"]), {
      remote: true,
      yes: false,
      dryRun: false,
    });
    assert.deepEqual(read(["wordpress", "--yes", "a.xml", "--remote"]), {
      remote: true,
      yes: true,
      dryRun: false,
    });
    assert.deepEqual(read(["ghost", "a.json", "--remote", "--dry-run"]), {
      remote: true,
      yes: false,
      dryRun: true,
    });
    assert.deepEqual(parseImportArgs(["ghost", "a.json", "--yes"]), {
      problem: "--yes confirms --remote; without it there is nothing to confirm.",
    });
  });
});
