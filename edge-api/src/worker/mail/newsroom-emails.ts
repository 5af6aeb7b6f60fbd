import type { StaffRole } from "../../contract/newsroom-contract.ts";
import { compose, type EmailSite } from "./account-emails.ts";
import type { EmailMessage } from "./mailer.ts";

const ROLE_WORDS: Record<StaffRole, string> = {
  contributor: "a contributor (you write stories and submit them for review)",
  editor: "an editor (you edit, publish, schedule and correct stories)",
  admin: "an admin (an editor who also manages the staff and reads the audit log)",
};

/**
 * The invitation to join the staff. The names come from the admin who typed them, and
 * compose escapes everything placed in HTML (SECURITY 17).
 */
export function staffInvitationMessage(
  site: EmailSite,
  invite: { to: string; name: string; role: StaffRole; invitedBy: string },
  link: string,
): EmailMessage {
  return compose(site, invite.to, `Join the newsroom of ${site.name}`, [
    [`Hello ${invite.name},`],
    [
      `${invite.invitedBy} has invited you to join the newsroom of ${site.name} as ${ROLE_WORDS[invite.role]}.`,
    ],
    [
      "Open this link to accept: choose a password (or give the one of your existing account), then set up an authenticator app:",
    ],
    [{ link }],
    ["The link works once, for 7 days. If you were not expecting this, you can ignore this email."],
  ]);
}
