import { describe, expect, it } from "vitest";
import { AUTOMATIC, arrangeHome, curatedIds, parseStoredCuration } from "./front-page-curation.ts";

/** Rows as the listings give them: id and section, newest first by id here (1 is the newest). */
const row = (id: number, sectionId = 1) => ({ id, sectionId });
const newest = Array.from({ length: 13 }, (_, i) => row(i + 1));
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

describe("parseStoredCuration", () => {
  it("reads a stored curation, and treats anything malformed as the automatic page", () => {
    expect(
      parseStoredCuration(
        JSON.stringify({ lead: 5, top: [null, 7, null, null], sections: { "2": [9, 8] } }),
      ),
    ).toEqual({ lead: 5, top: [null, 7, null, null], sections: { "2": [9, 8] } });
    for (const json of [null, "", "not json", "[]", "42", '{"lead":"5","top":"x"}']) {
      const parsed = parseStoredCuration(json);
      expect(parsed.lead, String(json)).toBeNull();
      expect(parsed.top).toEqual(AUTOMATIC.top);
      expect(parsed.sections).toEqual({});
    }
    // Bad ids are dropped one by one; slots are always four.
    expect(
      parseStoredCuration('{"lead":-1,"top":[3,"4",0],"sections":{"1":[2,"x"],"2":"y"}}'),
    ).toEqual({ lead: null, top: [3, null, null, null], sections: { "1": [2] } });
  });

  it("lists every curated id once", () => {
    expect(curatedIds({ lead: 1, top: [2, null, 1, null], sections: { "3": [2, 4] } })).toEqual([
      1, 2, 4,
    ]);
  });
});

describe("arrangeHome", () => {
  it("is the automatic page without pins: newest lead, next four on top, eight latest", () => {
    const home = arrangeHome(AUTOMATIC, new Map(), newest, [], 8);
    expect(home.lead?.id).toBe(1);
    expect(ids(home.top)).toEqual([2, 3, 4, 5]);
    expect(ids(home.latest)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it("keeps pins in place, fills the rest in order and never repeats a story", () => {
    const pinnedLead = row(40);
    const curation = { lead: 40, top: [null, 3, null, null], sections: {} };
    const visible = new Map([
      [40, pinnedLead],
      [3, row(3)],
    ]);
    const home = arrangeHome(curation, visible, newest, [], 8);
    expect(home.lead?.id).toBe(40);
    expect(ids(home.top)).toEqual([1, 3, 2, 4]);
    expect(ids(home.latest)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("fills the place of a pin readers cannot see, silently", () => {
    const curation = { lead: 99, top: [null, null, null, null], sections: {} };
    const home = arrangeHome(curation, new Map(), newest, [], 8);
    expect(home.lead?.id).toBe(1);
    expect(ids(home.top)).toEqual([2, 3, 4, 5]);
  });

  it("shows picked section stories in order, topped up, and drops a pick moved to another section", () => {
    const perSection = [row(20, 2), row(21, 2), row(22, 2), row(23, 2), row(30, 3)];
    const curation = { lead: null, top: [null, null, null, null], sections: { "2": [23, 50, 51] } };
    const visible = new Map([
      [23, row(23, 2)],
      [50, row(50, 2)],
      [51, row(51, 3)],
    ]);
    const home = arrangeHome(curation, visible, newest, perSection, 8);
    expect(ids(home.bySection.get(2) ?? [])).toEqual([23, 50, 20, 21]);
    expect(ids(home.bySection.get(3) ?? [])).toEqual([30]);
  });
});
