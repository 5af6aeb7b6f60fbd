import { describe, expect, it } from "vitest";
import { icoFromPngs } from "./ico-file.ts";

describe("the .ico writer", () => {
  it("writes a header, one directory entry per image and the PNGs after them", () => {
    const small = new Uint8Array([1, 2, 3]);
    const large = new Uint8Array([4, 5]);
    const ico = icoFromPngs([
      { size: 16, png: small },
      { size: 256, png: large },
    ]);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([
      0, 1, 2,
    ]);
    expect([ico[6], ico[7], view.getUint16(10, true), view.getUint16(12, true)]).toEqual([
      16, 16, 1, 32,
    ]);
    expect([view.getUint32(14, true), view.getUint32(18, true)]).toEqual([3, 38]);
    expect([ico[22], ico[23]]).toEqual([0, 0]); // 256 is written as 0
    expect([view.getUint32(30, true), view.getUint32(34, true)]).toEqual([2, 41]);
    expect([...ico.slice(38)]).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses an image it cannot describe", () => {
    expect(() => icoFromPngs([{ size: 512, png: new Uint8Array(1) }])).toThrow(/256/);
  });
});
