import { expect } from "vitest";
import { MediaItemSchema, type MediaItem } from "../contract/media-contract.ts";
import { apiRequest } from "./api-request.ts";
import { mediaFixtures } from "./media-fixtures.ts";

/**
 * A photograph in the media library, uploaded through the API as the newsroom does (a real
 * image file from `fixtures/media`); fails the test otherwise.
 */
export async function uploadPhotograph(
  token: string,
  words: { alt?: string; caption?: string; credit?: string } = {},
  bytes: Uint8Array = mediaFixtures.photoJpg,
): Promise<MediaItem> {
  const query = new URLSearchParams({
    alt: words.alt ?? "Boats in the harbour at dawn",
    caption: words.caption ?? "The harbour at first light.",
    credit: words.credit ?? "Ada Lens / Daily Edge",
  });
  const response = await apiRequest(`/api/newsroom/media?${query}`, {
    method: "POST",
    body: bytes,
    headers: { "content-type": "image/jpeg", authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return MediaItemSchema.parse(JSON.parse(text));
}
