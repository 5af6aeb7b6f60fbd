import type {
  AuditAction,
  AuditEntry,
  Invite,
  StaffMember,
} from "../contract/newsroom-contract.ts";
import { auditActions } from "../contract/newsroom-contract.ts";
import type { StaffRole } from "../contract/newsroom-contract.ts";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

/** A member of the staff as the queries read them (`src/db/staff-write-queries.ts`). */
export interface StaffMemberRecord {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  secondFactor: boolean;
  createdAt: Date;
}

/** An open invitation with the name of who sent it (`src/db/invite-queries.ts`). */
export interface PendingInvite {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  invitedBy: string | null;
  inviterName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Where the staff and invitations become what the admin screens show. */
export function toStaffMember(record: StaffMemberRecord): StaffMember {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

/** An inviter whose account was deleted since (`invited_by` is set null). */
const FORMER_STAFF = { id: "", displayName: "A former member of staff" };

export function toInvite(row: PendingInvite): Invite {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    invitedBy:
      row.invitedBy && row.inviterName !== null
        ? { id: row.invitedBy, displayName: row.inviterName }
        : FORMER_STAFF,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export interface AuditRow {
  id: number;
  at: Date;
  actorId: string | null;
  action: string;
  subject: string;
  detail: string;
}

function detailOf(stored: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const isAuditAction = (action: string): action is AuditAction =>
  (auditActions as readonly string[]).includes(action);

/** A stored entry for the log; an action this API no longer knows is left out. */
export function toAuditEntry(row: AuditRow, actorName: string | undefined): AuditEntry | null {
  if (!isAuditAction(row.action)) return null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor:
      row.actorId && actorName !== undefined ? { id: row.actorId, displayName: actorName } : null,
    action: row.action,
    subject: row.subject,
    detail: detailOf(row.detail),
  };
}

/** The log's keyset position (`at`, `id`) as an opaque cursor. */
export function encodeAuditCursor(position: { at: Date; id: number }): string {
  return encodeOpaqueCursor(`${position.at.getTime()}:${position.id}`);
}

export function decodeAuditCursor(value: string): { at: Date; id: number } | null {
  const raw = decodeOpaqueCursor(value, 64);
  const match = raw === null ? null : /^(\d{1,15}):(\d{1,15})$/.exec(raw);
  if (!match?.[1] || !match[2]) return null;
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}
