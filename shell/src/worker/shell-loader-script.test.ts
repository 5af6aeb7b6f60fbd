import { describe, expect, it } from "vitest";
import { shellLoaderScript } from "./shell-loader-script.ts";

describe("shellLoaderScript", () => {
  it("names the shell's main.js and waits for the first contentful paint and the load event", () => {
    const script = shellLoaderScript("/_shell/abc123/main.js");
    expect(script.startsWith('const src = "/_shell/abc123/main.js", latestMs = 3000;')).toBe(true);
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    expect(script).toContain('addEventListener("load"');
    // One line: nothing in it may close the inline <script> element.
    expect(script).not.toContain("\n");
    expect(script).not.toContain("</");
  });

  it("cannot be broken out of by the path it is given", () => {
    const script = shellLoaderScript("/_shell/x</script><script>alert(1)//main.js");
    expect(script).not.toContain("</script>");
    expect(script).toContain("\\u003c/script>");
  });
});
