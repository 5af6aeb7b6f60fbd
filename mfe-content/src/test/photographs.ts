import { mediaVariantPath, type ImageMedia, type ImageRef } from "edge-api/contract/content";

/** The photograph the tests show: revision 3, with the wide use at five widths. */
export const PHOTO_MEDIA: ImageMedia = {
  id: "0123456789abcdef0123456789abcdef",
  revision: 3,
  use: "wide",
  widths: [320, 480, 640, 960, 1280],
};

/**
 * An image as the API gives a photograph from the media library (issue 16): `src` is a JPEG
 * variant of its use and `media` names the rest; width and height are the use's aspect.
 */
export function aPhotograph(
  overrides: Partial<Omit<ImageRef, "media">> = {},
  media: Partial<ImageMedia> = {},
): ImageRef {
  const photo = { ...PHOTO_MEDIA, ...media };
  return {
    src: mediaVariantPath(photo, photo.use, 960, "jpg"),
    alt: "Commuters cross the reopened harbour bridge at dawn",
    caption: "The first morning on the bridge.",
    credit: "Photograph: Mia Chen",
    width: 1600,
    height: 900,
    ...overrides,
    media: photo,
  };
}

/** Every `srcset` candidate's address and width, in order. */
export function srcsetEntries(srcset: string): { url: string; width: number }[] {
  return srcset.split(", ").map((candidate) => {
    const [url = "", descriptor = ""] = candidate.split(" ");
    return { url, width: Number(descriptor.replace(/w$/, "")) };
  });
}
