import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * Staff, roles, invitations, the second factor and the audit log (issue 13), mounted at
 * `/api/newsroom`. Every route but the invitation's two is signed in (`requireAccount`, then
 * `requireStaff`).
 */
export const newsroomStaffRoutes = new Hono<AppEnv>();
