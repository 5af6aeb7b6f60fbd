import type { ApiClient, ApiFailure } from "edge-api/client";
import type { PrintDeskApi } from "./print-desk-api.ts";

/**
 * The print desk on edge-api's endpoints, as the person. edge-api's print desk contract
 * (`edge-api/src/contract/print-desk-contract.ts`, issue 17) is not in the repository yet, so
 * every call answers what an API without the endpoints answers (503): the page shows the
 * shell's "unavailable" region, never a made-up edition.
 */

const unavailable: ApiFailure = { ok: false, status: 503, code: "print_desk_unavailable" };

export function printDeskClient(_api: ApiClient): PrintDeskApi {
  const answer = () => Promise.resolve(unavailable);
  return {
    editions: answer,
    edition: answer,
    template: answer,
    settings: answer,
    plan: answer,
    savePage: answer,
    publish: answer,
    saveTemplate: answer,
    saveSettings: answer,
  };
}
