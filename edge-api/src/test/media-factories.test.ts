import { describe, expect, it } from "vitest";
import { createApiClient } from "../contract/api-client.ts";
import { createFakeApi } from "./fake-api.ts";
import { aMediaItem, aMediaList } from "./media-factories.ts";

describe("media factories", () => {
  it("make answers the client accepts through the fake API", async () => {
    const item = aMediaItem();
    const fake = createFakeApi({
      mediaLibrary: aMediaList([item, aMediaItem()], "next"),
      mediaItem: item,
      updateMedia: { ...item, caption: "Edited", revision: 2 },
    });
    const { call } = createApiClient(fake.binding, { accessToken: "token" });
    const answers = await Promise.all([
      call("mediaLibrary", { query: { q: "harbour" } }),
      call("mediaItem", { params: { id: item.id } }),
      call("updateMedia", {
        params: { id: item.id },
        body: { baseRevision: 1, caption: "Edited" },
      }),
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
  });

  it("derive the uses from the size, focal point and crops, as the API does", () => {
    const item = aMediaItem({
      width: 1000,
      height: 500,
      focal: { x: 0, y: 0.5 },
      crops: { wide: null, square: null, portrait: { x: 600, y: 0, width: 400, height: 500 } },
    });
    expect(item.uses.square.rect).toEqual({ x: 0, y: 0, width: 500, height: 500 });
    expect(item.uses.portrait.rect).toEqual({ x: 600, y: 0, width: 400, height: 500 });
    expect(item.uses.full.widths).toEqual([320, 480, 640, 960]);
  });

  it("refuse an override the API would never send", () => {
    expect(() => aMediaItem({ format: "gif" as never })).toThrow();
    expect(() => aMediaItem({ focal: { x: 2, y: 0 } })).toThrow();
  });
});
