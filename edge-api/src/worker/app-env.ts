import type { Database } from "../db/database.ts";
import type { EditionSchedule } from "../domain/edition-schedule.ts";
import type { StaffRole } from "../contract/newsroom-contract.ts";
import type { WorkerConfig } from "./worker-config.ts";

/** The signed-in account holder, as `requireAccount` establishes it. */
export interface Viewer {
  accountId: string;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** A staff member on a newsroom route, as `requireStaff` read them from D1. */
export interface StaffViewer extends Viewer {
  role: StaffRole;
  /** The session passed the second factor (a live newsroom session). */
  newsroomVerified: boolean;
}

/** What every handler finds on the context, set by the API's first middleware. */
export interface AppEnv {
  /** Generated from wrangler.toml by `wrangler types` (worker-configuration.d.ts). */
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Database;
    config: WorkerConfig;
    timeZone: string;
    /** When editions come out (time zone and publish hour from the config). */
    editionSchedule: EditionSchedule;
    /** The request's clock: one instant, so every query of a request agrees on "now". */
    now: Date;
    /** Set by `requireAccount` on routes that need a signed-in account holder. */
    viewer: Viewer;
    /** Set by `requireStaff` on newsroom routes. */
    staff: StaffViewer;
  };
}
