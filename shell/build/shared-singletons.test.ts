import { describe, expect, it } from "vitest";
import { findBundledSingletons } from "./shared-singletons.ts";

describe("the shared-singleton check of remote builds", () => {
  it("finds React's own code in a bundle", () => {
    const bundle =
      'var a=Symbol.for("react.transitional.element");x.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;';
    expect(findBundledSingletons(bundle)).toEqual(["react", "react/jsx-runtime"]);
  });

  it("passes a bundle that only uses the shared modules", () => {
    expect(findBundledSingletons('loadShare("react");function Page(){return jsx("p",{})}')).toEqual(
      [],
    );
  });
});
