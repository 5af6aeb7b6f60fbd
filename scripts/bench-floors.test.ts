import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { floorsFor, kilobytes, nearestFloor } from "./bench-floors.ts";

describe("kilobytes", () => {
  it("counts thousands of bytes, as the floors do, and never less than one", () => {
    assert.equal(kilobytes(28_400), 28);
    assert.equal(kilobytes(54_600), 55);
    assert.equal(kilobytes(120), 1);
  });
});

describe("nearestFloor", () => {
  it("picks the floor whose size is nearest the page's", () => {
    assert.equal(nearestFloor(30, [28, 55]), 28);
    assert.equal(nearestFloor(48, [28, 55]), 55);
    assert.equal(nearestFloor(10, []), undefined);
  });
});

describe("floorsFor", () => {
  it("keeps the standing floors when every page has one within 20%", () => {
    assert.deepEqual(floorsFor([27, 30, 50, 60]), [28, 55]);
  });

  it("adds a floor of the page's size where the nearest is more than 20% away", () => {
    // 40 KB: 28 is 30% away and 55 is 37.5%; 12 KB: 28 is far away; 90 KB: 55 is 39% away.
    assert.deepEqual(floorsFor([40, 12, 90]), [12, 28, 40, 55, 90]);
  });

  it("lets one new floor serve the pages near it", () => {
    // 38 gets its own; 41 and 44 are within 20% of 38, so they share it.
    assert.deepEqual(floorsFor([44, 38, 41]), [28, 38, 55]);
  });
});
