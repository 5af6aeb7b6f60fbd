import type { AuditEntry, Invite, StaffMember } from "edge-api/contract/newsroom";
import { createFakeApi, type FakeAnswers, type FakeApi } from "edge-api/fake";
import type { FragmentRequest } from "shell/contract";
import { TEST_ACCESS_TOKEN } from "./test-bindings.ts";

/**
 * What edge-api's fake answers about the newsroom in these tests: Ada Admin (`acc_admin`, the
 * viewer), enrolled and verified, on a staff of three with one invitation waiting. Each test
 * overrides only what it is about.
 */

export const admin = {
  id: "acc_admin",
  displayName: "Ada Admin",
  role: "admin",
  newsroomVerified: true,
} as const;

/** A render request of a newsroom route, as the shell sends it for a signed-in admin. */
export function asStaff(
  routeId: string,
  path: string,
  overrides: Partial<FragmentRequest> = {},
): Partial<FragmentRequest> {
  return { routeId, path, viewer: admin, accessToken: TEST_ACCESS_TOKEN, ...overrides };
}

export function aStaffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: "acc_admin",
    email: "ada@example.com",
    displayName: "Ada Admin",
    role: "admin",
    secondFactor: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function anInvite(overrides: Partial<Invite> = {}): Invite {
  return {
    id: "inv_1",
    email: "grace@example.com",
    displayName: "Grace Writer",
    role: "contributor",
    invitedBy: { id: "acc_admin", displayName: "Ada Admin" },
    createdAt: "2026-11-20T09:00:00.000Z",
    expiresAt: "2026-11-27T09:00:00.000Z",
    ...overrides,
  };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "aud_1",
    at: "2026-11-21T09:30:00.000Z",
    actor: { id: "acc_admin", displayName: "Ada Admin" },
    action: "staff.role",
    subject: "ed@example.com",
    detail: { role: ["contributor", "editor"] },
    ...overrides,
  };
}

export const staffList = {
  staff: [
    aStaffMember(),
    aStaffMember({
      id: "acc_ed",
      email: "ed@example.com",
      displayName: "Ed Itor",
      role: "editor",
      secondFactor: true,
    }),
    aStaffMember({
      id: "acc_con",
      email: "con@example.com",
      displayName: "Con Tributor",
      role: "contributor",
      secondFactor: false,
    }),
  ],
  invites: [anInvite()],
};

export const verifiedState = {
  role: "admin",
  enrolled: true,
  verified: true,
  recoveryCodesLeft: 10,
} as const;

export function newsroomAnswers(overrides: FakeAnswers = {}): FakeAnswers {
  return {
    secondFactor: verifiedState,
    staff: staffList,
    auditLog: { entries: [anAuditEntry()], nextCursor: null },
    ...overrides,
  };
}

export function newsroomApi(overrides: FakeAnswers = {}): FakeApi {
  return createFakeApi(newsroomAnswers(overrides));
}

/** Ten recovery codes as the API makes them. */
export const recoveryCodes = Array.from(
  { length: 10 },
  (_, index) => `code-${String(index).padStart(4, "0")}-abcd`,
);
