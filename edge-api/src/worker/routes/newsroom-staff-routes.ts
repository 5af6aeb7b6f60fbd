import { Hono } from "hono";
import { z } from "zod";
import { ChangeRoleBodySchema, InviteBodySchema } from "../../contract/newsroom-contract.ts";
import siteRoutes from "../../contract/site-routes.generated.json" with { type: "json" };
import { findUserByEmail, findUserById } from "../../db/account-queries.ts";
import { auditPage } from "../../db/audit-queries.ts";
import {
  findInvite,
  INVITE_LIFETIME_MS,
  issueInvite,
  pendingInvites,
  revokeInvite,
} from "../../db/invite-queries.ts";
import {
  changeRole,
  countAdmins,
  displayNamesOf,
  findStaffMember,
  isStaff,
  listStaff,
} from "../../db/staff-write-queries.ts";
import {
  decodeAuditCursor,
  encodeAuditCursor,
  toAuditEntry,
  toInvite,
  toStaffMember,
} from "../../domain/staff-shaping.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { tokenLink } from "../auth/email-links.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import { hashSecretToken, newSecretToken } from "../auth/secret-tokens.ts";
import { deliverEmail } from "../mail/deliver-email.ts";
import { staffInvitationMessage } from "../mail/newsroom-emails.ts";
import { validate } from "../request-validation.ts";
import { newsroomInvitationRoutes } from "./newsroom-invitation-routes.ts";
import { newsroomSecondFactorRoutes } from "./newsroom-second-factor-routes.ts";

/** Audit log entries a page. */
export const AUDIT_PAGE_SIZE = 50;

const admin = [requireAccount, requireStaff(), requireRole("admin")] as const;
const idParam = z.strictObject({ id: z.string().min(1).max(64) });
const auditQuery = z.strictObject({
  cursor: z
    .string()
    .refine((value) => decodeAuditCursor(value) !== null)
    .optional(),
});

/**
 * Staff, roles, invitations, the second factor and the audit log (issue 13), mounted at
 * `/api/newsroom`. Every route but the invitation's two is signed in (`requireAccount`, then
 * `requireStaff`); everything here but the second factor is for admins, checked from D1 on
 * every call (SECURITY 31).
 */
export const newsroomStaffRoutes = new Hono<AppEnv>()
  .route("/", newsroomSecondFactorRoutes)
  .route("/", newsroomInvitationRoutes)
  // Two queries: the staff, then the invitations still open.
  .get("/staff", ...admin, async (c) => {
    const { db, now } = c.var;
    const [staff, invites] = await Promise.all([listStaff(db), pendingInvites(db, now)]);
    return c.json({ staff: staff.map(toStaffMember), invites: invites.map(toInvite) }, 200);
  })
  .post("/invites", ...admin, validate("json", InviteBodySchema), async (c) => {
    const { db, config, now, staff } = c.var;
    const { email, displayName, role } = c.req.valid("json");
    const existing = await findUserByEmail(db, email);
    if (existing && (await isStaff(db, existing.id))) {
      throw new ApiError("conflict", "That address already belongs to a member of staff.");
    }
    const inviter = await findUserById(db, staff.accountId);
    const token = newSecretToken();
    const invite = {
      id: crypto.randomUUID(),
      email,
      displayName,
      role,
      tokenHash: await hashSecretToken(token),
      invitedBy: staff.accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
      usedAt: null,
      revokedAt: null,
    };
    const audit = {
      at: now,
      actorId: staff.accountId,
      action: "staff.invite" as const,
      subject: email,
      detail: { role },
    };
    await issueInvite(db, invite, audit);
    const link = tokenLink(config.PUBLIC_ORIGIN, siteRoutes.pages["account.newsroom-join"], token);
    const invitedBy = inviter?.displayName ?? config.PUBLICATION_NAME;
    const message = { to: email, name: displayName, role, invitedBy };
    await deliverEmail(c, staffInvitationMessage(config.site, message, link));
    const inviterName = inviter?.displayName ?? null;
    return c.json({ invite: toInvite({ ...invite, inviterName }) }, 201);
  })
  .delete("/invites/:id", ...admin, validate("param", idParam), async (c) => {
    const { db, now, staff } = c.var;
    const invite = await findInvite(db, c.req.valid("param").id);
    if (!invite) throw notFound("That invitation");
    if (invite.usedAt) throw new ApiError("conflict", "That invitation was already accepted.");
    const audit = {
      at: now,
      actorId: staff.accountId,
      action: "staff.invite-revoked" as const,
      subject: invite.email,
      detail: { role: invite.role },
    };
    // Already revoked or expired: nothing left to do, and nothing to record.
    await revokeInvite(db, invite.id, audit, now);
    return c.body(null, 204);
  })
  .patch(
    "/staff/:id",
    ...admin,
    validate("param", idParam),
    validate("json", ChangeRoleBodySchema),
    async (c) => {
      const { db, now, staff } = c.var;
      const { id } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const member = await findStaffMember(db, id);
      if (!member) throw notFound("That member of staff");
      if (member.id === staff.accountId) {
        throw new ApiError("conflict", "You cannot change your own role; ask another admin.");
      }
      if (member.role === role) return c.json({ member: toStaffMember(member) }, 200);
      const change = { actorId: staff.accountId, targetId: id, subject: member.email };
      if (!(await changeRole(db, { ...change, from: member.role, to: role }, now))) {
        const lastAdmin = member.role === "admin" && (await countAdmins(db)) <= 1;
        throw new ApiError(
          "conflict",
          lastAdmin
            ? "The publication needs at least one admin."
            : "Their role changed meanwhile; reload the staff list.",
        );
      }
      const changed = role === "reader" ? undefined : await findStaffMember(db, id);
      return c.json({ member: changed ? toStaffMember(changed) : null }, 200);
    },
  )
  // Two queries: a page of entries (one more to know if there is a next page), their actors.
  .get("/audit", ...admin, validate("query", auditQuery), async (c) => {
    const { db } = c.var;
    const { cursor } = c.req.valid("query");
    const before = cursor === undefined ? null : decodeAuditCursor(cursor);
    const rows = await auditPage(db, AUDIT_PAGE_SIZE + 1, before);
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    const actorIds = [...new Set(page.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
    const names = await displayNamesOf(db, actorIds);
    const entries = page.flatMap((row) => {
      const entry = toAuditEntry(row, row.actorId ? names.get(row.actorId) : undefined);
      return entry ? [entry] : [];
    });
    const last = page.at(-1);
    const nextCursor = rows.length > AUDIT_PAGE_SIZE && last ? encodeAuditCursor(last) : null;
    return c.json({ entries, nextCursor }, 200);
  });
