import {
  CROP_USES,
  MediaItemSchema,
  MediaListSchema,
  VARIANT_USES,
  type CropUse,
  type MediaItem,
  type MediaList,
  type MediaRect,
} from "../contract/media-contract.ts";
import { rectForUse, widthsFor } from "../domain/media-geometry.ts";

/**
 * Media library answers as the API serves them (`edge-api/fake/media`), for the newsroom's
 * library screens and the reader pages' pictures. `uses` follow from the size, focal point and
 * crops given, as the API computes them; each factory checks its result against the contract.
 */

let sequence = 0;

export function aMediaItem(overrides: Partial<Omit<MediaItem, "uses">> = {}): MediaItem {
  sequence++;
  const width = overrides.width ?? 1600;
  const height = overrides.height ?? 1067;
  const focal = overrides.focal ?? { x: 0.5, y: 0.5 };
  const crops = {
    ...(Object.fromEntries(CROP_USES.map((use) => [use, null])) as Record<
      CropUse,
      MediaRect | null
    >),
    ...overrides.crops,
  };
  const uses = Object.fromEntries(
    VARIANT_USES.map((use) => {
      const rect = rectForUse(use, { width, height }, focal, crops);
      return [use, { rect, widths: widthsFor(rect) }];
    }),
  );
  return MediaItemSchema.parse({
    id: sequence.toString(16).padStart(32, "0"),
    format: "jpeg",
    bytes: 812_345,
    alt: "Fishing boats moored in the harbour at dawn",
    caption: "The harbour at first light.",
    credit: "Photograph: Ada Lens / Daily Edge",
    revision: 1,
    uploadedBy: { id: "acc_editor", displayName: "Eda Editor" },
    createdAt: "2026-11-20T08:00:00.000Z",
    updatedAt: "2026-11-20T08:00:00.000Z",
    ...overrides,
    width,
    height,
    focal,
    crops,
    uses,
  });
}

export function aMediaList(
  items: MediaItem[] = [aMediaItem()],
  nextCursor: string | null = null,
): MediaList {
  return MediaListSchema.parse({ items, nextCursor });
}
