import { createElement } from "react";
import { formatCalendarDate } from "shell/fragment-kit/dates";
import { renderFragmentHtml } from "shell/fragment-kit/server";
import { describe, expect, it, vi } from "vitest";
import { PublicationTime, TimeZoneContext } from "./publication-time.tsx";

/** The text of `<PublicationTime>` for `iso` on a page of a publication in `timeZone`. */
async function shown(iso: string, withTime = false, timeZone = "Europe/London"): Promise<string> {
  const Page = () =>
    createElement(
      TimeZoneContext,
      { value: timeZone },
      createElement(PublicationTime, { iso, withTime }),
    );
  const html = await renderFragmentHtml("content", Page, "content.page", null);
  const match = /^<time dateTime="([^"]*)">([^<]*)<\/time>$/.exec(html);
  if (!match) throw new Error(`not a <time>: ${html}`);
  expect(match[1]).toBe(iso);
  return match[2] ?? "";
}

describe("date formatting", () => {
  it("uses London time, in summer and in winter", async () => {
    expect(await shown("2026-07-01T23:30:00Z", true)).toBe("2 July 2026, 00:30");
    expect(await shown("2026-12-31T23:30:00Z", true)).toBe("31 December 2026, 23:30");
    expect(await shown("2026-03-29T00:59:00Z")).toBe("29 March 2026");
  });

  it("uses the publication's configured time zone", async () => {
    expect(await shown("2026-07-01T23:30:00Z", true, "America/New_York")).toBe(
      "1 July 2026, 19:30",
    );
    expect(await shown("2026-07-01T23:30:00Z", false, "Asia/Tokyo")).toBe("2 July 2026");
  });

  it("formats edition dates (the article's print line) as calendar dates, with no time zone shift", () => {
    expect(formatCalendarDate("2026-11-21")).toBe("21 November 2026");
    expect(formatCalendarDate("2026-01-01")).toBe("1 January 2026");
  });

  it("shows unreadable dates as they came rather than throwing", async () => {
    expect(await shown("not a date")).toBe("not a date");
    expect(formatCalendarDate("21/11/2026")).toBe("21/11/2026");
  });

  it("needs the page's time zone: there is no default", async () => {
    // React reports the render error on the console too.
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    const orphan = () => createElement(PublicationTime, { iso: "2026-07-01T23:30:00Z" });
    await expect(renderFragmentHtml("content", orphan, "content.page", null)).rejects.toThrow(
      /outside FragmentApp/,
    );
    reported.mockRestore();
  });
});
