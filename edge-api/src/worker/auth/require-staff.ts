import { createMiddleware } from "hono/factory";
import { isStaffRole, type StaffRole } from "../../contract/newsroom-contract.ts";
import { newsroomStanding } from "../../db/staff-queries.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";

const RANK: Record<StaffRole, number> = { contributor: 1, editor: 2, admin: 3 };

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
    c.set("staff", { ...viewer, role: standing.role, newsroomVerified: standing.newsroomVerified });
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
