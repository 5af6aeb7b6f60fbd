import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatEditionDate } from "./date-format.ts";

describe("date formatting", () => {
  it("uses London time, in summer and in winter", () => {
    expect(formatDateTime("2026-07-01T23:30:00Z")).toBe("2 July 2026, 00:30");
    expect(formatDateTime("2026-12-31T23:30:00Z")).toBe("31 December 2026, 23:30");
    expect(formatDate("2026-03-29T00:59:00Z")).toBe("29 March 2026");
  });

  it("formats edition dates as calendar dates, with no time zone shift", () => {
    expect(formatEditionDate("2026-11-21")).toBe("21 November 2026");
    expect(formatEditionDate("2026-01-01")).toBe("1 January 2026");
  });

  it("shows unreadable dates as they came rather than throwing", () => {
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatEditionDate("21/11/2026")).toBe("21/11/2026");
  });
});
