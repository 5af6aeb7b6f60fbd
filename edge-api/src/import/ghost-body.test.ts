import { describe, expect, it } from "vitest";
import { aGhostLexical, lexicalNode, lexicalText } from "../test/import-exports.ts";
import { lexicalToHtml, mobiledocToHtml } from "./ghost-body.ts";
import { htmlToBlocks } from "./html-to-blocks.ts";

describe("lexicalToHtml", () => {
  it("escapes text and addresses, so a post's words never become markup", () => {
    const body = lexicalToHtml(
      aGhostLexical([
        lexicalNode("paragraph", [
          lexicalText("<script>alert(1)</script> & more"),
          lexicalNode("link", [lexicalText("x")], { url: '"><img src=x onerror=alert(1)>' }),
        ]),
      ]),
    );
    expect(body?.html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more<a href="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</a></p>',
    );
  });

  it("keeps the text of a node it does not know, and names a card without text", () => {
    const body = lexicalToHtml(
      aGhostLexical([
        lexicalNode("table-of-the-future", [lexicalText("Kept words")]),
        { type: "product", version: 1, productTitle: "" },
        { type: "product", version: 1, productTitle: "" },
      ]),
    );
    expect(htmlToBlocks(body?.html ?? "", { siteUrl: "" }).blocks).toEqual([
      { type: "paragraph", text: "Kept words" },
    ]);
    expect([...(body?.dropped ?? [])]).toEqual([['card "product"', 2]]);
  });

  it("stops at a nesting deeper than a real post's, without overflowing", () => {
    let node = lexicalText("deep");
    for (let i = 0; i < 10_000; i++) node = lexicalNode("link", [node], { url: "/x" });
    const body = lexicalToHtml(aGhostLexical([lexicalNode("paragraph", [node])]));
    expect(body?.dropped.get("content nested too deep")).toBe(1);
  });

  it("is null for text that is not Lexical's JSON", () => {
    expect(lexicalToHtml("{oops")).toBeNull();
    expect(lexicalToHtml('{"sections":[]}')).toBeNull();
  });
});

describe("mobiledocToHtml", () => {
  it("closes every markup a broken marker list leaves open, and ignores unknown markups", () => {
    const body = mobiledocToHtml(
      JSON.stringify({
        version: "0.3.1",
        markups: [["em"], ["span", ["style", "color:red"]]],
        atoms: [],
        cards: [],
        sections: [[1, "p", [[0, [0, 1], 0, "open <b>"]]]],
      }),
    );
    expect(body?.html).toBe("<p><em>open &lt;b&gt;</em></p>");
  });

  it("is null for text that is not Mobiledoc's JSON", () => {
    expect(mobiledocToHtml("[1,2")).toBeNull();
    expect(mobiledocToHtml('{"root":{}}')).toBeNull();
  });
});
