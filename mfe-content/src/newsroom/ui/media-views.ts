import type { ProblemView } from "./newsroom-views.ts";

/**
 * The media library's screens (issue 16, decision 0022): `/newsroom/media` and
 * `/newsroom/media/:id`. Their own module beside `newsroom-views.ts`, which names them in the
 * union of newsroom views.
 */

/** An `<img>` of one use: `srcset` lists only widths the photograph has, `sizes` goes with it. */
export interface MediaImageView {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
}

export interface MediaCardView {
  id: string;
  href: string;
  image: MediaImageView;
  credit: string;
  createdAt: string;
}

export interface MediaLibraryView {
  view: "media-library";
  publication: { name: string; timeZone: string };
  action: string;
  query: string;
  items: MediaCardView[];
  /** The next (older) page, keeping the search; null on the last. */
  moreHref: string | null;
  /** Not on the first page: a link back to the newest. */
  firstHref: string | null;
  problem: string | null;
  upload: MediaUploadView;
}

/** The library's upload form (a multipart POST to the library, decision 0022). */
export interface MediaUploadView {
  /** The file input's `accept`: the types the API takes. */
  accept: string;
  /** The largest file, in bytes (the drop zone checks it at once; the server again). */
  maxBytes: number;
  /** What was typed, kept when an upload is refused. */
  values: { alt: string; caption: string; credit: string };
  limits: { alt: number; caption: number; credit: number };
  /** On `file`, `alt`, `caption` or `credit`. */
  problems: ProblemView[];
}

/** The edit form's values, as text (what the editor typed, or the stored values). */
export type MediaFormValues = Readonly<Record<string, string>>;

export interface MediaPreviewView {
  use: "wide" | "square" | "portrait";
  label: string;
  image: MediaImageView;
}

export interface MediaItemView {
  view: "media-item";
  publication: { name: string; timeZone: string };
  action: string;
  libraryHref: string;
  id: string;
  image: MediaImageView;
  format: string;
  width: number;
  height: number;
  bytes: number;
  uploadedBy: string | null;
  createdAt: string;
  revision: string;
  /** Editors and admins, and the contributor who uploaded it; others read it. */
  canEdit: boolean;
  values: MediaFormValues;
  previews: MediaPreviewView[];
  limits: { alt: number; caption: number; credit: number };
  problems: ProblemView[];
  /** Someone changed the photograph first (409): the page shows it as it is now, and this. */
  stale: { sent: { label: string; value: string }[] } | null;
  notice: string | null;
}
