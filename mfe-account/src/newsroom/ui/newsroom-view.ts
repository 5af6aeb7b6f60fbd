import { z } from "zod/mini";

/**
 * The props of the account fragment's newsroom screens (staff, roles and the second factor),
 * one variant per screen, parsed by `NewsroomApp` on both sides. `zod/mini`: it ships in the
 * remote's `./newsroom` module, never in `./fragment`. Dates arrive formatted (in the
 * publication's time zone) so the browser hydrates the very text the server wrote.
 */

const ProblemSchema = z.object({ message: z.string(), fieldId: z.nullable(z.string()) });
const problems = z.array(ProblemSchema);
const publication = z.object({ name: z.string() });
const csrf = z.string();

export const staffRoleNames = ["contributor", "editor", "admin"] as const;
export type StaffRoleName = (typeof staffRoleNames)[number];
const role = z.enum(staffRoleNames);

/** Ten single-use codes, shown once: just after enrolment, or just after making new ones. */
const recoveryCodes = z.array(z.string());

const SignInSchema = z.object({
  view: z.literal("newsroom-sign-in"),
  publication,
  csrf,
  /**
   * `start`: not enrolled, a button starts enrolment; `enrol`: the code from the app confirms
   * it (with the QR code and the secret the first time only); `code`: enrolled, the code or a
   * recovery code; `codes`: enrolment confirmed, the recovery codes shown once.
   */
  state: z.enum(["start", "enrol", "code", "codes"]),
  /** Where to go once through: a checked same-origin path. */
  next: z.string(),
  /** The new secret as an inline SVG QR code and in groups of four; only on the answer that made it. */
  enrolment: z.nullable(z.object({ qrSvg: z.string(), secretGroups: z.array(z.string()) })),
  recoveryCodes,
  problems,
});

const JoinSchema = z.object({
  view: z.literal("newsroom-join"),
  publication,
  csrf,
  /** `wait`: too many tries from this address; the problem says for how long. */
  state: z.enum(["form", "invalid", "missing", "wait"]),
  /** The invitation link's token, only ever in a hidden field; never in the address bar. */
  token: z.string(),
  invitation: z.nullable(
    z.object({
      email: z.string(),
      displayName: z.string(),
      role,
      accountExists: z.boolean(),
      expires: z.string(),
    }),
  ),
  /** What the invitee typed into a form that failed (never a password). */
  values: z.object({ displayName: z.optional(z.string()) }),
  problems,
});

export const staffIntents = ["invite", "change-role", "remove", "revoke-invite"] as const;
export type StaffIntent = (typeof staffIntents)[number];

const StaffSchema = z.object({
  view: z.literal("newsroom-staff"),
  publication,
  csrf,
  done: z.nullable(z.enum(staffIntents)),
  staff: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      email: z.string(),
      role,
      secondFactor: z.boolean(),
      /** The person looking at the page. */
      you: z.boolean(),
    }),
  ),
  invites: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      email: z.string(),
      role,
      invitedBy: z.string(),
      expires: z.string(),
    }),
  ),
  /** `?remove=<id>`: the confirmation step before removing someone from the staff. */
  confirmRemove: z.nullable(
    z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
  ),
  /** The invitation form as typed, after it failed. */
  values: z.object({ email: z.string(), displayName: z.string(), role }),
  problems,
});

export const securityNotices = ["recovery-code-used"] as const;

const SecuritySchema = z.object({
  view: z.literal("newsroom-security"),
  publication,
  csrf,
  role,
  enrolled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** Just made: shown on this answer only. */
  recoveryCodes,
  notice: z.nullable(z.enum(securityNotices)),
  /** Where the person was going when a recovery code let them in, for "Continue". */
  next: z.nullable(z.string()),
  problems,
});

const AuditSchema = z.object({
  view: z.literal("newsroom-audit"),
  publication,
  timeZone: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      /** Machine-readable, for `<time dateTime>`. */
      atIso: z.string(),
      actor: z.string(),
      action: z.string(),
      subject: z.string(),
      /** "role: editor → admin", one line per changed field. */
      lines: z.array(z.string()),
    }),
  ),
  olderHref: z.nullable(z.string()),
  newestHref: z.nullable(z.string()),
  problems,
});

/** The API refused the person's role (403): what this role may not do, and where to go. */
const ForbiddenSchema = z.object({
  view: z.literal("newsroom-forbidden"),
  publication,
  title: z.string(),
  message: z.string(),
  /** The person is on the staff (the desk is open to them), only not allowed this page. */
  staff: z.boolean(),
});

export const NewsroomViewSchema = z.discriminatedUnion("view", [
  SignInSchema,
  JoinSchema,
  StaffSchema,
  SecuritySchema,
  AuditSchema,
  ForbiddenSchema,
]);
export type NewsroomView = z.infer<typeof NewsroomViewSchema>;
export type NewsroomScreen = NewsroomView["view"];
export type SignInView = z.infer<typeof SignInSchema>;
export type JoinView = z.infer<typeof JoinSchema>;
export type StaffView = z.infer<typeof StaffSchema>;
export type SecurityView = z.infer<typeof SecuritySchema>;
export type AuditView = z.infer<typeof AuditSchema>;
export type ForbiddenView = z.infer<typeof ForbiddenSchema>;

export const roleLabels: Record<StaffRoleName, string> = {
  contributor: "Contributor",
  editor: "Editor",
  admin: "Admin",
};
