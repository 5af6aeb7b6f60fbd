import { MEDIA_ALT_MAX, MEDIA_CAPTION_MAX, MEDIA_CREDIT_MAX } from "edge-api/contract/media";
import type { ProblemView } from "../ui/newsroom-views.ts";

/**
 * The words every photograph carries (alt text, caption, credit), checked the same way on the
 * upload form and the photograph's own form before the API is asked.
 */

export const MEDIA_TEXT_LIMITS = {
  alt: MEDIA_ALT_MAX,
  caption: MEDIA_CAPTION_MAX,
  credit: MEDIA_CREDIT_MAX,
} as const;

/** Problems with the trimmed alt text, caption and credit: alt is required, each has a limit. */
export function mediaTextProblems(text: (name: keyof typeof MEDIA_TEXT_LIMITS) => string) {
  const problems: ProblemView[] = [];
  const alt = text("alt");
  if (alt === "") {
    problems.push({
      field: "alt",
      message: "Describe the photograph for people who cannot see it.",
    });
  } else if (alt.length > MEDIA_ALT_MAX) {
    problems.push({ field: "alt", message: `Keep the alt text to ${MEDIA_ALT_MAX} characters.` });
  }
  for (const name of ["caption", "credit"] as const) {
    const max = MEDIA_TEXT_LIMITS[name];
    if (text(name).length > max) {
      problems.push({ field: name, message: `Keep it to ${max} characters.` });
    }
  }
  return problems;
}
