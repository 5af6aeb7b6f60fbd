import type { ApiClient, ApiResult } from "edge-api/client";
import type { PrintEditionAnswer } from "edge-api/contract/print-desk";
import type { DeskEdition, PrintDeskApi } from "./print-desk-api.ts";

/**
 * The print desk on edge-api's print desk endpoints (`edge-api/contract/print-desk`, issue 17),
 * as the person: the screens' words mapped onto the wire and back.
 */

function map<T, U>(result: ApiResult<T>, to: (data: T) => U): ApiResult<U> {
  return result.ok ? { ok: true, status: result.status, data: to(result.data) } : result;
}

/** The desk's view of an edition in the screens' words. */
function deskEdition(answer: PrintEditionAnswer) {
  const edition: DeskEdition = {
    date: answer.edition.date,
    status: answer.edition.status,
    revision: answer.edition.revision,
    books: answer.edition.books.map((book) => ({
      letter: book.letter,
      name: book.name,
      pages: book.pages.map((page) => ({
        label: page.label,
        placements: page.placements.map((placement) => ({
          storyId: placement.articleId,
          webHeadline: placement.webHeadline,
          printHeadline: placement.printHeadline,
          order: placement.order,
          lead: placement.isLead,
        })),
      })),
    })),
  };
  const unplaced = answer.unplaced.map((story) => ({
    id: story.articleId,
    headline: story.webHeadline,
  }));
  return { edition, unplaced, publishHour: answer.publishHour };
}

export function printDeskClient(api: ApiClient): PrintDeskApi {
  return {
    editions: async () =>
      map(await api.call("printEditions", {}), ({ editions }) => ({ editions })),
    edition: async (date) => map(await api.call("printEdition", { params: { date } }), deskEdition),
    plan: (request) =>
      api.call("planPrintEdition", {
        body: {
          date: request.date,
          from:
            request.source === "copy" && request.copyFrom !== null
              ? { copy: request.copyFrom }
              : "template",
        },
      }),
    savePage: (date, request) =>
      api.call("savePrintPage", {
        params: { date, label: request.page },
        body: {
          baseRevision: request.baseRevision,
          placements: request.placements.map((placement) => ({
            articleId: placement.storyId,
            printHeadline: placement.printHeadline,
            isLead: placement.lead,
          })),
        },
      }),
    publish: (date, request) =>
      api.call("publishPrintEdition", {
        params: { date },
        body: { baseRevision: request.baseRevision, when: request.when },
      }),
    saveBooks: (date, request) =>
      api.call("savePrintBooks", {
        params: { date },
        body: { baseRevision: request.baseRevision, books: request.books },
      }),
    findStories: async (date, words) =>
      map(
        await api.call("findPrintStories", { params: { date }, query: { q: words } }),
        ({ stories }) => ({
          stories: stories.map((story) => ({
            id: story.articleId,
            headline: story.webHeadline,
            placedOn: story.placedOn,
          })),
        }),
      ),
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
