import { describe, expect, it } from "vitest";
import { joinNames } from "./name-list.ts";

describe("joinNames", () => {
  it("joins names as a byline reads", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["Ada Okafor"])).toBe("Ada Okafor");
    expect(joinNames(["Ada Okafor", "Tom Reyes"])).toBe("Ada Okafor and Tom Reyes");
    expect(joinNames(["A", "B", "C"])).toBe("A, B and C");
  });
});
