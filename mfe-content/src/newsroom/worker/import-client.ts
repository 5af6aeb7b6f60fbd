import type { ApiFetcher, CallContext } from "edge-api/client";
import { IMPORTS_UNAVAILABLE, type ImportApi } from "./import-api.ts";

/**
 * The Import screens on edge-api (issue 18), as the person. edge-api's import endpoints
 * (`import-contract.ts`) have no rows in `apiEndpoints` and no `uploadImport` yet, so every
 * call answers 503 "Imports are not available yet." and the screens say so; the uploaded file is
 * let go unread. Wire the four calls here when the client has them.
 */
export function importClient(fetcher: ApiFetcher, person: CallContext): ImportApi {
  void fetcher;
  void person;
  const unavailable = () => Promise.resolve(IMPORTS_UNAVAILABLE);
  return {
    list: unavailable,
    get: unavailable,
    upload: async (upload) => {
      await upload.body.cancel();
      return IMPORTS_UNAVAILABLE;
    },
    run: unavailable,
  };
}
