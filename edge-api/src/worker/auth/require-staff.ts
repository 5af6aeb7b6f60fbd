import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isStaffRole, type StaffRole } from "../../contract/newsroom-contract.ts";
import { newsroomStanding } from "../../db/staff-queries.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { chargeAttempt, NEWSROOM_WRITES_PER_ACCOUNT } from "./rate-limits.ts";

const RANK: Record<StaffRole, number> = { contributor: 1, editor: 2, admin: 3 };
const READS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/**
 * Every newsroom write counts against the member of staff's allowance (issue 14): a stolen
 * session or a runaway script cannot hammer the desk. 429 with Retry-After once it is spent.
 */
async function chargeNewsroomWrite(c: Context<AppEnv>): Promise<void> {
  const { db, now, viewer } = c.var;
  const charge = { limit: NEWSROOM_WRITES_PER_ACCOUNT, subject: viewer.accountId };
  const message = `Too many changes at once: the newsroom takes at most ${NEWSROOM_WRITES_PER_ACCOUNT.limit} a minute from one person. Wait a moment and try again.`;
  await chargeAttempt(db, [charge], now, message);
}

/** True when `role` may do what `least` may (contributor < editor < admin). */
export function roleAtLeast(role: StaffRole, least: StaffRole): boolean {
  return RANK[role] >= RANK[least];
}

/**
 * The guard of newsroom routes, after `requireAccount`: the account's role and newsroom
 * session are read from D1 on every call (SECURITY 31, 33), never taken from the token.
 * Readers get 403; staff whose session has not passed the second factor get 401
 * `second_factor_required` unless the route is part of passing it (`secondFactor: "any"`).
 */
export function requireStaff(
  options: { secondFactor: "required" | "any" } = { secondFactor: "required" },
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db, now, viewer } = c.var;
    const standing = await newsroomStanding(db, viewer.accountId, viewer.sessionId, now);
    if (!isStaffRole(standing.role)) {
      throw new ApiError("forbidden", "The newsroom is for the publication's staff.");
    }
    if (options.secondFactor === "required" && !standing.newsroomVerified) {
      throw new ApiError("second_factor_required");
    }
    // Two of a router's guarded paths can match one request ("/stories", "/stories/*"): the
    // write is charged on the first pass only.
    const firstPass = (c.get("staff") as AppEnv["Variables"]["staff"] | undefined) === undefined;
    c.set("staff", { ...viewer, role: standing.role, newsroomVerified: standing.newsroomVerified });
    if (firstPass && !READS.has(c.req.method)) await chargeNewsroomWrite(c);
    await next();
  });
}

/** 403 unless the staff member's role is at least `least`. */
export function requireRole(least: StaffRole) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roleAtLeast(c.var.staff.role, least)) {
      throw new ApiError(
        "forbidden",
        `Only ${least === "admin" ? "admins" : `${least}s and above`} may do that.`,
      );
    }
    await next();
  });
}
