import { formatLongCalendarDate } from "shell/fragment-kit/dates";
import type { PrintPageView } from "./paper-view.ts";

/** A printed page's heading and title alike: "Page B1 · Business · Tuesday 24 November 2026". */
export function printPageHeading(view: Pick<PrintPageView, "label" | "bookName" | "date">): string {
  return `Page ${view.label} · ${view.bookName} · ${formatLongCalendarDate(view.date)}`;
}

/** A real edition without the page asked for, in the heading and the title alike. */
export function noPageHeading(label: string, longDate: string): string {
  return `The paper of ${longDate} has no page ${label}`;
}
