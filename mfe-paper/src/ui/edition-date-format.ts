/**
 * Edition dates are `YYYY-MM-DD` calendar dates, so they are formatted in UTC: midnight UTC
 * of that day is that day everywhere the code runs. The text is assembled from parts because
 * ICU versions disagree on punctuation ("Saturday, 21" or "Saturday 21"), and the server and
 * the browser must produce the same string for hydration.
 */

const longFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

function partsOf(date: string): Record<"weekday" | "day" | "month" | "year", string> {
  const parts = longFormat.formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";
  return { weekday: part("weekday"), day: part("day"), month: part("month"), year: part("year") };
}

/** "Saturday 21 November 2026" */
export function formatEditionDateLong(date: string): string {
  const { weekday, day, month, year } = partsOf(date);
  return `${weekday} ${day} ${month} ${year}`;
}

/** "21 November 2026" */
export function formatEditionDate(date: string): string {
  const { day, month, year } = partsOf(date);
  return `${day} ${month} ${year}`;
}

/** "November 2026", from `YYYY-MM`. */
export function formatMonth(month: string): string {
  const { month: name, year } = partsOf(`${month}-01`);
  return `${name} ${year}`;
}
