import type { EditionResponse } from "edge-api/contract/content";
import { apiFailure, createFakeApi, type FakeAnswers, type FakeApi } from "edge-api/fake";

/**
 * Answers for edge-api's fake that serve `editions` by date, as the real API serves published
 * editions: `latestEdition` is the newest on or before the date asked, `editionCalendar` and
 * `nearestEditions` are worked out from the same dates, any other date is the API's 404.
 */
export function editionAnswers(editions: EditionResponse[]): FakeAnswers {
  const byDate = new Map(editions.map((edition) => [edition.edition.date, edition]));
  const dates = [...byDate.keys()].sort();
  const notFound = () => apiFailure(404, "not_found");
  const before = (date: string) => dates.filter((d) => d < date).at(-1) ?? null;
  const after = (date: string) => dates.find((d) => d > date) ?? null;
  return {
    latestEdition: ({ query }) => {
      const latest = dates.filter((date) => date <= (query["onOrBefore"] ?? "")).at(-1);
      return (latest === undefined ? undefined : byDate.get(latest)) ?? notFound();
    },
    edition: ({ params }) => byDate.get(params["date"] ?? "") ?? notFound(),
    editionCalendar: ({ query }) => {
      const month = query["month"] ?? "";
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return apiFailure(400, "invalid_request");
      return {
        month,
        dates: dates.filter((date) => date.startsWith(`${month}-`)),
        previousMonth: before(`${month}-01`)?.slice(0, 7) ?? null,
        nextMonth: after(`${month}-31`)?.slice(0, 7) ?? null,
      };
    },
    nearestEditions: ({ query }) => {
      const date = query["date"] ?? "";
      return {
        date,
        hasEdition: byDate.has(date),
        previousDate: before(date),
        nextDate: after(date),
      };
    },
  };
}

/** edge-api's fake serving `editions` by date (see `editionAnswers`). */
export function editionsApi(editions: EditionResponse[]): FakeApi {
  return createFakeApi(editionAnswers(editions));
}

/** edge-api's fake failing every edition call like an outage. */
export function brokenApi(): FakeApi {
  const outage = apiFailure(500, "internal");
  return createFakeApi({
    latestEdition: outage,
    edition: outage,
    editionCalendar: outage,
    nearestEditions: outage,
  });
}
