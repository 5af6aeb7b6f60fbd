import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_FILE_BYTES } from "shell/contract";
import { fileProblem, fileSize } from "./media-upload-form.tsx";
import type { MediaUploadView } from "./media-views.ts";

/** What the drop zone tells at once of a chosen or dropped file (the server checks again). */

const view: MediaUploadView = {
  accept: "image/jpeg,image/png,image/webp,image/avif",
  maxBytes: UPLOAD_MAX_FILE_BYTES,
  values: { alt: "", caption: "", credit: "" },
  limits: { alt: 300, caption: 1000, credit: 200 },
  problems: [],
};

describe("the upload form's drop zone", () => {
  it("takes JPEG, PNG, WebP and AVIF up to 20 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/avif"]) {
      expect(fileProblem({ name: "a", size: UPLOAD_MAX_FILE_BYTES, type }, view)).toBeNull();
    }
  });

  it("says at once when a file is over 20 MB or not an image the library takes", () => {
    const big = { name: "raw.jpg", size: UPLOAD_MAX_FILE_BYTES + 1, type: "image/jpeg" };
    expect(fileProblem(big, view)).toBe(
      "raw.jpg is larger than 20 MB, the most the library takes. Export a smaller copy and choose that.",
    );
    for (const type of ["image/svg+xml", "image/gif", "application/pdf", ""]) {
      expect(fileProblem({ name: "x.jpg", size: 10, type }, view)).toBe(
        "x.jpg is not a JPEG, PNG, WebP or AVIF image. Choose a photograph in one of those.",
      );
    }
  });

  it("gives sizes as people read them", () => {
    expect(fileSize(2282)).toBe("2 KB");
    expect(fileSize(100)).toBe("1 KB");
    expect(fileSize(5.25 * 1024 * 1024)).toBe("5.3 MB");
    expect(fileSize(20 * 1024 * 1024)).toBe("20 MB");
  });
});
