import type { Database } from "../db/database.ts";

/** What every handler finds on the context, set by the API's first middleware. */
export interface AppEnv {
  Bindings: Record<string, unknown>;
  Variables: {
    requestId: string;
    db: Database;
    timeZone: string;
    /** The request's clock: one instant, so every query of a request agrees on "now". */
    now: Date;
  };
}
