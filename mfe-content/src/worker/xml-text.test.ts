import { describe, expect, it } from "vitest";
import { xmlElement, xmlText } from "./xml-text.ts";

describe("XML text", () => {
  it("escapes markup characters", () => {
    expect(xmlText(`<script>alert("x")</script> R&D's`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; R&amp;D&apos;s",
    );
    expect(xmlElement("title", "a < b")).toBe("<title>a &lt; b</title>");
  });

  it("drops characters XML 1.0 forbids and keeps the rest of Unicode", () => {
    expect(xmlText("a\u0000b\u0008c\u001fd\uFFFEe\uD800f")).toBe("abcdef");
    expect(xmlText("tab\tnew\nline é 😀")).toBe("tab\tnew\nline é 😀");
  });
});
