import type { ApiFailure } from "edge-api/client";
import {
  CROP_ASPECTS,
  CROP_USES,
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MEDIA_CREDIT_MAX,
  type CropUse,
  type MediaItem,
  type MediaPatchBody,
  type MediaRect,
} from "edge-api/contract/media";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { MediaFormValues, MediaItemView } from "../ui/media-views.ts";
import type { ProblemView } from "../ui/newsroom-views.ts";
import { mediaTextProblems } from "./media-fields.ts";
import { mediaImage } from "./media-image-view.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  need,
  newsroomPage,
  publicationView,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom/media/:id` (issue 16, decision 0022): one photograph, its facts, and one plain form
 * for its alt text, caption, credit, focal point (in % across and down) and the wide, square
 * and portrait crops (pixels; empty for automatic), with previews of what each use shows.
 * A stale revision (409) shows the photograph as it is now with what the editor sent; a refused
 * field (422) comes back next to that field with the form as sent. Contributors edit only their
 * own uploads (the API decides; the screen shows others' photographs without a form).
 */

const TITLE = "Photograph";
const MEDIA_ID = /^[0-9a-f]{32}$/;
const WHOLE = /^\d{1,5}$/;
const PERCENT = /^\d{1,3}(\.\d+)?$/;
const RECT_PARTS = ["left", "top", "width", "height"] as const;
const RECT_LABELS: Record<(typeof RECT_PARTS)[number], string> = {
  left: "left",
  top: "top",
  width: "width",
  height: "height",
};
export const CROP_LABELS: Record<CropUse, string> = {
  wide: "Wide crop (16:9)",
  square: "Square crop",
  portrait: "Portrait crop (4:5)",
};
/** The main photograph: up to the page's 44rem column. */
const PHOTO_SIZES = "(min-width: 48rem) 44rem, 100vw";
const PREVIEW_SIZES = "10rem";
const PREVIEW_MAX_WIDTH = 480;

/** `?done=` after a redirect here: the upload form's and this form's. */
const NOTICES: Readonly<Record<string, string>> = {
  saved: "The photograph is saved. Pages that use it show the change.",
  uploaded: "Uploaded. Check the alt text, then set the focal point and crops if it needs them.",
};

const cropField = (use: CropUse, part: (typeof RECT_PARTS)[number]) => `${use}-${part}`;
const percent = (fraction: number) => String(Math.round(fraction * 1000) / 10);

/** The stored values as the form's text. */
function storedValues(media: MediaItem): MediaFormValues {
  const values: Record<string, string> = {
    alt: media.alt,
    caption: media.caption,
    credit: media.credit,
    focalX: percent(media.focal.x),
    focalY: percent(media.focal.y),
  };
  for (const use of CROP_USES) {
    const crop = media.crops[use];
    const parts = crop ? [crop.x, crop.y, crop.width, crop.height] : ["", "", "", ""];
    RECT_PARTS.forEach((part, index) => {
      values[cropField(use, part)] = String(parts[index] ?? "");
    });
  }
  return values;
}

const formLabels: Readonly<Record<string, string>> = {
  alt: "Alt text",
  caption: "Caption",
  credit: "Credit",
  focalX: "Focal point across",
  focalY: "Focal point down",
  ...Object.fromEntries(CROP_USES.map((use) => [`crop-${use}`, CROP_LABELS[use]])),
};

function cropMessage(use: CropUse, media: MediaItem): string {
  const [across, down] = CROP_ASPECTS[use];
  return `The ${use} crop must be ${across}:${down} and inside the photograph (${media.width} × ${media.height} pixels), or leave all four numbers empty for automatic.`;
}

/** The edit the form asks for, or the problems with it (before the API is asked). */
function editFrom(
  form: MediaFormValues,
  media: MediaItem,
):
  | { ok: true; body: Omit<MediaPatchBody, "baseRevision"> }
  | { ok: false; problems: ProblemView[] } {
  const text = (name: string) => (form[name] ?? "").trim();
  const alt = text("alt");
  const problems: ProblemView[] = mediaTextProblems(text);
  const focal = { x: 0, y: 0 };
  for (const [name, axis] of [
    ["focalX", "x"],
    ["focalY", "y"],
  ] as const) {
    const value = text(name);
    const number = PERCENT.test(value) ? Number(value) : Number.NaN;
    if (!(number >= 0 && number <= 100)) {
      problems.push({ field: name, message: "Give a number from 0 to 100 (per cent)." });
    } else focal[axis] = number / 100;
  }
  const crops: Record<CropUse, MediaRect | null> = { wide: null, square: null, portrait: null };
  for (const use of CROP_USES) {
    const parts = RECT_PARTS.map((part) => text(cropField(use, part)));
    if (parts.every((part) => part === "")) continue;
    if (!parts.every((part) => WHOLE.test(part))) {
      problems.push({
        field: `crop-${use}`,
        message: "Give all four as whole numbers of pixels, or leave all four empty for automatic.",
      });
      continue;
    }
    const [x = 0, y = 0, width = 0, height = 0] = parts.map(Number);
    if (width < 1 || height < 1) {
      problems.push({ field: `crop-${use}`, message: cropMessage(use, media) });
      continue;
    }
    crops[use] = { x, y, width, height };
  }
  if (problems.length > 0) return { ok: false, problems };
  // The form shows the focal point rounded to a tenth of a per cent: sent back untouched, it
  // is left out, so saving the alt text never nudges a focal point set more finely.
  const shown = storedValues(media);
  const focalKept = text("focalX") === shown.focalX && text("focalY") === shown.focalY;
  return {
    ok: true,
    body: {
      alt,
      caption: text("caption"),
      credit: text("credit"),
      ...(focalKept ? {} : { focal }),
      crops,
    },
  };
}

/** The API's 422 (or 400) on the field it names. */
function apiProblems(failure: ApiFailure, media: MediaItem): ProblemView[] {
  const field = failure.field ?? "";
  const crop = /^crops\.(wide|square|portrait)/.exec(field)?.[1] as CropUse | undefined;
  if (crop) return [{ field: `crop-${crop}`, message: cropMessage(crop, media) }];
  if (field === "focal.x" || field === "focal.y") {
    return [
      {
        field: field === "focal.x" ? "focalX" : "focalY",
        message: "Give a number from 0 to 100 (per cent).",
      },
    ];
  }
  const messages: Record<string, string> = {
    alt: `Describe the photograph in up to ${MEDIA_ALT_MAX} characters.`,
    caption: `Keep the caption to ${MEDIA_CAPTION_MAX} characters.`,
    credit: `Keep the credit to ${MEDIA_CREDIT_MAX} characters.`,
  };
  const message = messages[field];
  if (message) return [{ field, message }];
  return [
    {
      field: "form",
      message: "The photograph could not be saved. Check the fields and try again.",
    },
  ];
}

/** What the editor sent, to re-apply after a 409 (only the fields with something in them). */
function sentList(form: MediaFormValues): { label: string; value: string }[] {
  const list = ["alt", "caption", "credit", "focalX", "focalY"].map((name) => ({
    label: formLabels[name] ?? name,
    value: (form[name] ?? "").trim(),
  }));
  for (const use of CROP_USES) {
    const parts = RECT_PARTS.map((part) => (form[cropField(use, part)] ?? "").trim());
    list.push({
      label: CROP_LABELS[use],
      value: parts.every((part) => part === "")
        ? "automatic"
        : RECT_PARTS.map((part, index) => `${RECT_LABELS[part]} ${parts[index]}`).join(", "),
    });
  }
  return list;
}

interface Failure {
  problems: ProblemView[];
  status: 400 | 409 | 422;
  stale: boolean;
}

function render(
  context: NewsroomContext,
  media: MediaItem,
  failure: Failure | null = null,
): LoadOutcome {
  const viewer = context.request.viewer;
  const role = viewer?.role;
  const canEdit =
    role === "editor" ||
    role === "admin" ||
    (role === "contributor" && media.uploadedBy !== null && media.uploadedBy.id === viewer?.id);
  // A refused field keeps what was sent; a stale save shows the photograph as it is now.
  const values = failure && !failure.stale ? context.form : storedValues(media);
  const done = context.isPost ? null : context.query.get("done");
  const view: MediaItemView = {
    view: "media-item",
    publication: publicationView(context.publication),
    action: hrefFor("content.newsroom-media-item", { id: media.id }),
    libraryHref: hrefFor("content.newsroom-media"),
    id: media.id,
    image: mediaImage(media, "full", PHOTO_SIZES),
    format: media.format,
    width: media.width,
    height: media.height,
    bytes: media.bytes,
    uploadedBy: media.uploadedBy?.displayName ?? null,
    createdAt: media.createdAt,
    revision: String(media.revision),
    canEdit,
    values,
    previews: CROP_USES.map((use) => ({
      use,
      label: CROP_LABELS[use],
      image: mediaImage(media, use, PREVIEW_SIZES, PREVIEW_MAX_WIDTH),
    })),
    limits: { alt: MEDIA_ALT_MAX, caption: MEDIA_CAPTION_MAX, credit: MEDIA_CREDIT_MAX },
    problems: failure?.problems ?? [],
    stale: failure?.stale ? { sent: sentList(context.form) } : null,
    notice: done !== null && Object.hasOwn(NOTICES, done) ? (NOTICES[done] ?? null) : null,
  };
  const title = media.alt ? `${TITLE}: ${media.alt}` : TITLE;
  return newsroomPage(context, title, view, failure?.status ?? 200);
}

async function read(context: NewsroomContext, id: string): Promise<MediaItem> {
  return need(
    context,
    await context.api.call("mediaItem", { params: { id } }),
    "open this photograph",
  );
}

async function save(context: NewsroomContext, id: string): Promise<LoadOutcome> {
  const media = await read(context, id);
  const parsed = editFrom(context.form, media);
  if (!parsed.ok)
    return render(context, media, { problems: parsed.problems, status: 422, stale: false });
  const baseRevision = Number(context.form.baseRevision ?? "");
  // Never guess the revision the editor started from: that is what keeps two editors apart.
  if (!Number.isInteger(baseRevision) || baseRevision < 1) {
    const problems = [{ field: "form", message: "This form could not be read. Reload the page." }];
    return render(context, media, { problems, status: 400, stale: false });
  }
  const body: MediaPatchBody = { baseRevision, ...parsed.body };
  const result = await context.api.call("updateMedia", { params: { id }, body });
  if (result.ok) return seeOther(`${hrefFor("content.newsroom-media-item", { id })}?done=saved`);
  const common = commonFailure(context, result, "change this photograph");
  if (common) return common;
  if (result.status === 409) {
    return render(context, await read(context, id), { problems: [], status: 409, stale: true });
  }
  if (result.status === 422 || result.status === 400) {
    return render(context, media, {
      problems: apiProblems(result, media),
      status: result.status,
      stale: false,
    });
  }
  throw apiUnavailable("media update", result);
}

export function loadMediaItem(context: NewsroomContext, id: string): Promise<LoadOutcome> {
  return answering(async () => {
    // Not an address the library makes: no photograph, without asking the API.
    if (!MEDIA_ID.test(id)) return { kind: "not-found" };
    return context.isPost ? save(context, id) : render(context, await read(context, id));
  });
}
