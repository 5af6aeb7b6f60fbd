import type { ApiResult } from "edge-api/client";
import type { FoundStory } from "../ui/print-desk-views.ts";
import type {
  DeskEdition,
  DeskSettings,
  DeskTemplate,
  PrintDeskApi,
} from "../worker/print-desk-api.ts";

/**
 * A print desk for the loaders' tests: answers one edition and the template, records every
 * call with what it was sent, and answers a write with what the test sets (`ok` by default).
 */

export function anEditionOnDesk(overrides: Partial<DeskEdition> = {}): DeskEdition {
  return {
    date: "2026-11-26",
    status: "planned",
    revision: "r7",
    books: [
      {
        letter: "A",
        name: "News",
        pages: [
          {
            label: "A1",
            placements: [
              {
                storyId: "12",
                webHeadline: "Harbour bridge reopens after three years of repairs",
                printHeadline: "Bridge reopens",
                order: 1,
                lead: true,
              },
              {
                storyId: "14",
                webHeadline: "Storm closes the coast road for the weekend",
                printHeadline: "Coast road shut",
                order: 2,
                lead: false,
              },
            ],
          },
          { label: "A2", placements: [] },
        ],
      },
      { letter: "B", name: "Business", pages: [{ label: "B1", placements: [] }] },
    ],
    ...overrides,
  };
}

export function aTemplate(): DeskTemplate {
  return {
    revision: "3",
    books: [
      { letter: "A", name: "News", pageCount: 12 },
      { letter: "B", name: "Business", pageCount: 6 },
    ],
  };
}

export function someSettings(): DeskSettings {
  return {
    revision: "5",
    noEditionWeekdays: ["sunday"],
    noEditionDates: [
      { date: "2026-12-25", note: "Christmas Day" },
      { date: "2026-12-26", note: null },
    ],
    publishHour: "05:00",
  };
}

export type Write =
  "plan" | "savePage" | "publish" | "saveTemplate" | "saveSettings" | "saveBooks" | "findStories";

export interface FakeDesk extends PrintDeskApi {
  calls: { write: Write; args: unknown[] }[];
  answers: Partial<Record<Write, ApiResult<unknown>>>;
}

export function fakeDesk(
  options: {
    edition?: DeskEdition | null;
    answers?: Partial<Record<Write, ApiResult<unknown>>>;
  } = {},
): FakeDesk {
  const edition = options.edition === undefined ? anEditionOnDesk() : options.edition;
  const calls: FakeDesk["calls"] = [];
  const answers = options.answers ?? {};
  const ok = { ok: true as const, status: 200, data: {} };
  const write =
    (name: Write) =>
    (...args: unknown[]) => {
      calls.push({ write: name, args });
      return Promise.resolve(answers[name] ?? ok);
    };
  return {
    calls,
    answers,
    editions: () =>
      Promise.resolve({
        ok: true,
        status: 200,
        data: {
          editions: [
            { date: "2026-11-24", status: "published", pageCount: 18, placementCount: 40 },
            { date: "2026-11-26", status: "planned", pageCount: 18, placementCount: 2 },
          ],
        },
      }),
    edition: () =>
      Promise.resolve(
        edition
          ? {
              ok: true,
              status: 200,
              data: {
                edition,
                unplaced: [
                  { id: "21", headline: "Cup final goes to extra time" },
                  { id: "22", headline: "New coach for the city club" },
                ],
                publishHour: "05:00",
              },
            }
          : { ok: false, status: 404, code: "not_found" },
      ),
    template: () => Promise.resolve({ ok: true, status: 200, data: aTemplate() }),
    settings: () => Promise.resolve({ ok: true, status: 200, data: someSettings() }),
    plan: write("plan"),
    savePage: write("savePage"),
    publish: write("publish"),
    saveTemplate: write("saveTemplate"),
    saveSettings: write("saveSettings"),
    saveBooks: write("saveBooks"),
    // A search answers what the test set, else two stories: one placed on A1, one not.
    findStories: (...args: unknown[]) => {
      calls.push({ write: "findStories", args });
      return Promise.resolve(
        (answers.findStories as ApiResult<{ stories: FoundStory[] }> | undefined) ?? {
          ok: true,
          status: 200,
          data: {
            stories: [
              {
                id: "12",
                headline: "Harbour bridge reopens after three years of repairs",
                placedOn: "A1",
              },
              { id: "31", headline: "Harbour fees rise for ferries", placedOn: null },
            ],
          },
        },
      );
    },
  };
}
