import { describe, expect, it } from "vitest";
import { dropTokenFromAddressBar } from "./address-bar.ts";
import emailTokenSource from "./email-token-page.tsx?raw";
import resetPasswordSource from "./reset-password-form.tsx?raw";

function fakeBar(search: string) {
  const replaced: { state: unknown; url: string }[] = [];
  return {
    replaced,
    bar: {
      location: { pathname: "/reset-password", search, hash: "" },
      history: {
        state: { idx: 3, key: "abc" },
        replaceState(state: unknown, _unused: string, url: string) {
          replaced.push({ state, url });
        },
      },
    },
  };
}

describe("dropTokenFromAddressBar", () => {
  it("replaces the address with one without the token, keeping the router's state", () => {
    const { bar, replaced } = fakeBar("?token=secret-reset-token");
    dropTokenFromAddressBar(bar);
    expect(replaced).toEqual([{ state: { idx: 3, key: "abc" }, url: "/reset-password" }]);
  });

  it("keeps other parameters", () => {
    const { bar, replaced } = fakeBar("?token=t&utm_source=mail");
    dropTokenFromAddressBar(bar);
    expect(replaced[0]?.url).toBe("/reset-password?utm_source=mail");
  });

  it("leaves an address without a token alone", () => {
    const { bar, replaced } = fakeBar("");
    dropTokenFromAddressBar(bar);
    expect(replaced).toEqual([]);
  });
});

describe("the screens opened from emailed links", () => {
  it("drop the token from the address bar once they run in the browser", () => {
    for (const source of [resetPasswordSource, emailTokenSource]) {
      expect(source).toMatch(
        /useEffect\(\(\) => \{\s*dropTokenFromCurrentAddress\(\);\s*\}, \[\]\);/,
      );
    }
  });
});
