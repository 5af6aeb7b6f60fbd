import siteRoutes from "../../contract/site-routes.generated.json" with { type: "json" };
import type { EmailMessage } from "./mailer.ts";

/** Who the mail is from: the publication's configured name and public origin. */
export interface EmailSite {
  name: string;
  origin: string;
}

/**
 * Every email the account system sends, as plain text plus HTML. Names and addresses come
 * from readers, so everything placed in HTML is escaped (SECURITY 17), and only links the
 * site made are links. An address that has not been proved (a sign-up, a new address, an
 * unverified account) gets no text anyone typed in a form (issue 14, item 4): whoever typed
 * it may not own the address, and a name like "act now at https://…" would be their message
 * in our email. So the greeting takes a name only from `addresseeName`.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export type Part = string | { link: string };

/** Plain text and escaped HTML from the same paragraphs, signed with the site's name. */
export function compose(
  site: EmailSite,
  to: string,
  subject: string,
  paragraphs: Part[][],
): EmailMessage {
  const text = paragraphs
    .map((parts) => parts.map((part) => (typeof part === "string" ? part : part.link)).join(""))
    .join("\n\n");
  const body = paragraphs
    .map((parts) => {
      const inner = parts
        .map((part) =>
          typeof part === "string"
            ? escapeHtml(part)
            : `<a href="${escapeHtml(part.link)}">${escapeHtml(part.link)}</a>`,
        )
        .join("");
      return `<p>${inner}</p>`;
    })
    .concat(`<p>— ${escapeHtml(site.name)}</p>`)
    .join("\n");
  const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body></html>`;
  return { to, subject, text: `${text}\n\n— ${site.name}\n`, html };
}

/** The account holder's display name, but only once their address is proved to be theirs. */
export function addresseeName(user: { displayName: string; emailVerified: boolean }) {
  return user.emailVerified ? user.displayName : null;
}

/** The name is plain text: `compose` escapes it in HTML and never makes it a link. */
const greeting = (name: string | null) => [name === null ? "Hello," : `Hello ${name},`];
const notYou = " If this was not you, you can ignore this email.";

/** To an account that has not confirmed its address yet: no name, as it is unproved. */
export function verifyEmailMessage(site: EmailSite, to: string, link: string): EmailMessage {
  return compose(site, to, "Confirm your email address", [
    greeting(null),
    [`Please confirm this address for your account with ${site.name} by opening this link:`],
    [{ link }],
    [`The link works once, for 24 hours.${notYou}`],
  ]);
}

/**
 * The link that finishes a sign-up (issue 14): nothing from the form (no display name), as
 * the address is not proved yet. The account exists only once the link is opened.
 */
export function finishSignUpMessage(site: EmailSite, to: string, link: string): EmailMessage {
  return compose(site, to, "Finish signing up", [
    greeting(null),
    [`To finish creating your account with ${site.name}, open this link:`],
    [{ link }],
    [
      "The link works once, for 24 hours. If you did not sign up, ignore this email: no account is created without it.",
    ],
  ]);
}

/**
 * To the holder of an address that already has an account, at most once a day however often
 * someone signs up with it. Nothing from the sign-up form.
 */
export function signUpAttemptMessage(
  site: EmailSite,
  to: string,
  name: string | null,
): EmailMessage {
  return compose(site, to, "Someone tried to sign up with your address", [
    greeting(name),
    [
      `Someone tried to create an account on ${site.name} using this email address, which already has one. No new account was created.`,
    ],
    ["If it was you, log in here:"],
    [{ link: `${site.origin}${siteRoutes.pages["account.login"]}` }],
    ["If you have forgotten your password, you can reset it here:"],
    [{ link: `${site.origin}${siteRoutes.pages["account.forgot-password"]}` }],
    ["If it was not you, you can ignore this email; we will not tell you again today."],
  ]);
}

export function passwordResetMessage(
  site: EmailSite,
  to: string,
  name: string | null,
  link: string,
): EmailMessage {
  return compose(site, to, "Reset your password", [
    greeting(name),
    [`Open this link to choose a new password for your account with ${site.name}:`],
    [{ link }],
    [`The link works once, for 60 minutes.${notYou}`],
  ]);
}

export function passwordChangedMessage(
  site: EmailSite,
  to: string,
  name: string | null,
  how: "reset" | "changed",
): EmailMessage {
  return compose(site, to, "Your password was changed", [
    greeting(name),
    [
      `The password of your account with ${site.name} was ${how === "reset" ? "reset" : "changed"}, and every other session was signed out.`,
    ],
    ["If this was not you, reset your password at once and contact us."],
  ]);
}

/** To the new address, which nobody has proved yet: no name. */
export function confirmNewEmailMessage(site: EmailSite, to: string, link: string): EmailMessage {
  return compose(site, to, "Confirm your new email address", [
    greeting(null),
    [`Open this link to use this address for your account with ${site.name}:`],
    [{ link }],
    [`The link works once, for 24 hours.${notYou}`],
  ]);
}

export function emailChangeNoticeMessage(
  site: EmailSite,
  to: string,
  name: string | null,
  newEmail: string,
): EmailMessage {
  return compose(site, to, "A change of email address was requested", [
    greeting(name),
    [
      `Someone asked to change the email address of your account with ${site.name} to ${newEmail}. It changes only when that address is confirmed.`,
    ],
    ["If this was not you, change your password."],
  ]);
}

export function emailInUseMessage(site: EmailSite, to: string): EmailMessage {
  return compose(site, to, "Someone tried to use your address", [
    [
      `Someone asked to move an account with ${site.name} to this email address, which already has an account. Nothing was changed.`,
    ],
  ]);
}

export function accountDeletedMessage(
  site: EmailSite,
  to: string,
  name: string | null,
): EmailMessage {
  return compose(site, to, "Your account was deleted", [
    greeting(name),
    [
      `Your account with ${site.name} and everything saved in it have been deleted. Thank you for reading.`,
    ],
  ]);
}
