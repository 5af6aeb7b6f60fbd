import { describe, expect, it } from "vitest";
import { coverSteps, cropProblem, focalRect, outputSize, widthsFor } from "./media-geometry.ts";

const landscape = { width: 640, height: 480 };

describe("focalRect: the largest rectangle of an aspect at the focal point", () => {
  it("centres on the focal point when the image allows", () => {
    expect(focalRect(landscape, [1, 1], { x: 0.5, y: 0.5 })).toEqual({
      x: 80,
      y: 0,
      width: 480,
      height: 480,
    });
    expect(focalRect(landscape, [16, 9], { x: 0.5, y: 0.5 })).toEqual({
      x: 0,
      y: 60,
      width: 640,
      height: 360,
    });
  });

  it("is pushed back inside at the edges", () => {
    expect(focalRect(landscape, [1, 1], { x: 0, y: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 480,
      height: 480,
    });
    expect(focalRect(landscape, [1, 1], { x: 1, y: 1 })).toEqual({
      x: 160,
      y: 0,
      width: 480,
      height: 480,
    });
    expect(focalRect(landscape, [16, 9], { x: 0.5, y: 0.95 })).toEqual({
      x: 0,
      y: 120,
      width: 640,
      height: 360,
    });
  });

  it("keeps a portrait photograph's full width for a wide use", () => {
    expect(focalRect({ width: 200, height: 300 }, [16, 9], { x: 0.5, y: 0.2 })).toEqual({
      x: 0,
      y: 4,
      width: 200,
      height: 113,
    });
  });
});

describe("cropProblem", () => {
  it("accepts a crop of the right aspect inside the image, one pixel of rounding allowed", () => {
    expect(cropProblem({ x: 0, y: 0, width: 640, height: 360 }, "wide", landscape)).toBeNull();
    expect(cropProblem({ x: 1, y: 1, width: 101, height: 57 }, "wide", landscape)).toBeNull();
    expect(
      cropProblem({ x: 0, y: 0, width: 400, height: 500 }, "portrait", { width: 400, height: 500 }),
    ).toBeNull();
  });

  it("refuses a wrong aspect or a crop outside the image", () => {
    expect(cropProblem({ x: 0, y: 0, width: 100, height: 60 }, "wide", landscape)).toMatch(
      /must be 16:9/,
    );
    expect(cropProblem({ x: 600, y: 0, width: 100, height: 100 }, "square", landscape)).toMatch(
      /outside/,
    );
  });
});

describe("widths and sizes never enlarge", () => {
  it("offers the fixed widths up to the rectangle's, at least the smallest", () => {
    expect(widthsFor({ x: 0, y: 0, width: 1000, height: 500 })).toEqual([320, 480, 640, 960]);
    expect(widthsFor({ x: 0, y: 0, width: 100, height: 100 })).toEqual([320]);
    expect(outputSize({ x: 0, y: 0, width: 640, height: 480 }, 1600)).toEqual({
      width: 640,
      height: 480,
    });
    expect(outputSize({ x: 0, y: 0, width: 640, height: 480 }, 320)).toEqual({
      width: 320,
      height: 240,
    });
  });
});

describe("coverSteps: a rectangle cut with cover and side gravities only", () => {
  it("is one resize for the whole image", () => {
    expect(
      coverSteps(landscape, { x: 0, y: 0, width: 640, height: 480 }, { width: 320, height: 240 }),
    ).toEqual([{ width: 320, height: 240, gravity: "center" }]);
  });

  it("trims each side at scale 1, the last trim scaling to the output", () => {
    expect(
      coverSteps(
        landscape,
        { x: 100, y: 50, width: 200, height: 200 },
        { width: 100, height: 100 },
      ),
    ).toEqual([
      { width: 540, height: 480, gravity: "right" },
      { width: 200, height: 480, gravity: "left" },
      { width: 200, height: 430, gravity: "bottom" },
      { width: 100, height: 100, gravity: "top" },
    ]);
  });

  it("needs one step when the rectangle touches three sides", () => {
    expect(
      coverSteps(landscape, { x: 160, y: 0, width: 480, height: 480 }, { width: 320, height: 320 }),
    ).toEqual([{ width: 320, height: 320, gravity: "right" }]);
  });
});
