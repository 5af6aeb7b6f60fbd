import type { ApiClient, ApiFailure, ApiResult } from "edge-api/client";
import type { PrintDeskApi } from "./print-desk-api.ts";

/**
 * The print desk on edge-api's print desk endpoints (`edge-api/contract/print-desk`, issue 17),
 * as the person: the screens' words mapped onto the wire and back. The template and the
 * settings are wired; the editions' endpoints are not in edge-api's contract yet, so those
 * calls answer what an API without them answers (503: the shell's unavailable region, never a
 * made-up edition).
 */

const unavailable: ApiFailure = { ok: false, status: 503, code: "print_desk_unavailable" };
const notYet = () => Promise.resolve(unavailable);

function map<T, U>(result: ApiResult<T>, to: (data: T) => U): ApiResult<U> {
  return result.ok ? { ok: true, status: result.status, data: to(result.data) } : result;
}

export function printDeskClient(api: ApiClient): PrintDeskApi {
  return {
    editions: notYet,
    edition: notYet,
    plan: notYet,
    savePage: notYet,
    publish: notYet,
    template: async () =>
      map(await api.call("printTemplate", {}), ({ template }) => ({
        revision: template.revision,
        books: template.books,
      })),
    settings: async () =>
      map(await api.call("printSettings", {}), ({ settings }) => ({
        revision: settings.revision,
        noEditionWeekdays: settings.noEditionWeekdays,
        noEditionDates: settings.noEditionDates,
        publishHour: settings.publishHour,
      })),
    saveTemplate: (request) =>
      api.call("savePrintTemplate", {
        body: { baseRevision: request.baseRevision, books: request.books },
      }),
    saveSettings: (request) =>
      api.call("savePrintSettings", {
        body: {
          baseRevision: request.baseRevision,
          noEditionWeekdays: request.noEditionWeekdays,
          noEditionDates: request.noEditionDates,
        },
      }),
  };
}
