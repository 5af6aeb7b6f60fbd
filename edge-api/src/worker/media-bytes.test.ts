/** The media-bytes header readers over the real fixture files (src/test/fixtures/media). */
import { describe, expect, it } from "vitest";
import { mediaFixtures } from "../test/media-fixtures.ts";
import { declaredSize, describeOtherFile, sniffImageFormat } from "../domain/media-bytes.ts";

describe("sniffImageFormat: the format by magic bytes", () => {
  it.each([
    ["photoJpg", "jpeg"],
    ["photoPng", "png"],
    ["photoWebp", "webp"],
    ["photoAvif", "avif"],
    ["rotatedGpsJpg", "jpeg"],
    ["scriptSvgJpg", null],
    ["plainSvg", null],
    ["documentPdf", null],
    ["animationGif", null],
  ] as const)("%s is %s", (name, format) => {
    expect(sniffImageFormat(mediaFixtures[name])).toBe(format);
  });

  it("refuses an ISO-BMFF file that is not AVIF (an MP4 or a HEIC photograph)", () => {
    const mp4 = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypisom\0\0\0\0isommp41"),
    ]);
    expect(sniffImageFormat(mp4)).toBeNull();
    expect(describeOtherFile(mp4)).toBe("a video or HEIC photograph");
  });

  it("refuses files too short to carry a signature", () => {
    expect(sniffImageFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});

describe("declaredSize: what a header claims, without decoding", () => {
  it("reads a PNG's IHDR and a JPEG's SOF marker", () => {
    expect(declaredSize(mediaFixtures.bombPng, "png")).toEqual({ width: 30_000, height: 30_000 });
    expect(declaredSize(mediaFixtures.photoJpg, "jpeg")).toEqual({ width: 640, height: 480 });
    // The stored size: the EXIF orientation is for the binding to apply.
    expect(declaredSize(mediaFixtures.rotatedGpsJpg, "jpeg")).toEqual({ width: 300, height: 200 });
  });

  it("answers null for a header it cannot read", () => {
    expect(declaredSize(mediaFixtures.photoJpg.subarray(0, 12), "jpeg")).toBeNull();
    expect(declaredSize(mediaFixtures.photoWebp, "webp")).toBeNull();
  });
});
