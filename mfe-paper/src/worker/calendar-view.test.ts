import { hrefFor } from "shell/contract/addresses";
import { describe, expect, it } from "vitest";
import { toCalendarView } from "./calendar-view.ts";

describe("toCalendarView", () => {
  const view = toCalendarView(
    {
      month: "2026-11",
      dates: ["2026-11-02", "2026-11-20", "2026-11-21"],
      previousMonth: "2026-10",
      nextMonth: null,
    },
    {
      today: "2026-11-22",
      selected: "2026-11-21",
      monthHref: (month) => hrefFor("paper.edition", { date: "2026-11-21" }, { month }),
    },
  );

  it("lays the month out in weeks from Monday, padded with nulls", () => {
    expect(view.title).toBe("November 2026");
    // 1 November 2026 is a Sunday: six empty cells first; 30 November is a Monday.
    expect(view.weeks).toHaveLength(6);
    expect(view.weeks.every((week) => week.length === 7)).toBe(true);
    expect(view.weeks[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(view.weeks[0]?.[6]?.date).toBe("2026-11-01");
    expect(view.weeks[5]?.[0]?.date).toBe("2026-11-30");
  });

  it("marks editions, today and the date shown", () => {
    const days = view.weeks.flat().filter((day) => day !== null);
    expect(days).toHaveLength(30);
    expect(days.filter((day) => day.hasEdition).map((day) => day.day)).toEqual([2, 20, 21]);
    expect(days.filter((day) => day.isToday).map((day) => day.date)).toEqual(["2026-11-22"]);
    expect(days.filter((day) => day.isSelected).map((day) => day.date)).toEqual(["2026-11-21"]);
    expect(days[1]?.label).toBe("Monday 2 November 2026");
  });

  it("marks the days after today as future, so they read as not yet published", () => {
    const days = view.weeks.flat().filter((day) => day !== null);
    expect(days.filter((day) => day.isFuture).map((day) => day.day)).toEqual([
      23, 24, 25, 26, 27, 28, 29, 30,
    ]);
  });

  it("links months with editions on the same page, without JavaScript", () => {
    expect(view.previous).toEqual({
      month: "2026-10",
      label: "October 2026",
      href: "/todays-paper/2026-11-21?month=2026-10",
    });
    expect(view.next).toBeNull();
  });
});
