import { describe, expect, it } from "vitest";
import { findAll, parseXml, textOf } from "./xml-check.ts";

describe("the test XML reader", () => {
  it("reads a well-formed document into elements and decoded text", () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<a x="1"><b>R&amp;D &lt;x&gt;</b><c/><b>two</b></a>',
    );
    expect(root.name).toBe("a");
    expect(root.attributes).toEqual({ x: "1" });
    expect(findAll(root, "b").map((b) => b.text)).toEqual(["R&D <x>", "two"]);
    expect(textOf(root, "c")).toBe("");
  });

  it("refuses what is not well-formed", () => {
    for (const bad of [
      "<a><b></a></b>",
      "<a>",
      "<a>x & y</a>",
      "<a>x < y</a>",
      "<a x=1></a>",
      '<a x="1" x="2"></a>',
      "<a></a><b></b>",
      "<a>&nbsp;</a>",
      "<a>\u0001</a>",
      "text<a></a>",
    ]) {
      expect(() => parseXml(bad), bad).toThrow();
    }
  });
});
