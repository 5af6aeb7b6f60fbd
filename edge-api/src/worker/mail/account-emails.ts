import siteRoutes from "../../contract/site-routes.generated.json" with { type: "json" };
import type { EmailMessage } from "./mailer.ts";

/** Who the mail is from: the publication's configured name and public origin. */
export interface EmailSite {
  name: string;
  origin: string;
}

/**
 * Every email the account system sends, as plain text plus HTML. Names and addresses come
 * from readers, so everything placed in HTML is escaped (SECURITY 17).
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

const greeting = (name: string) => [`Hello ${name},`];
const notYou = " If this was not you, you can ignore this email.";

export function verifyEmailMessage(
  site: EmailSite,
  to: string,
  name: string,
  link: string,
): EmailMessage {
  return compose(site, to, "Confirm your email address", [
    greeting(name),
    [`Please confirm this address for your account with ${site.name} by opening this link:`],
    [{ link }],
    [`The link works once, for 24 hours.${notYou}`],
  ]);
}

export function signUpAttemptMessage(site: EmailSite, to: string, name: string): EmailMessage {
  return compose(site, to, "Someone tried to sign up with your address", [
    greeting(name),
    [
      `Someone tried to create an account on ${site.name} using this email address, which already has one. No new account was created.`,
    ],
    ["If it was you and you have forgotten your password, you can reset it here:"],
    [{ link: `${site.origin}${siteRoutes.pages["account.forgot-password"]}` }],
  ]);
}

export function passwordResetMessage(
  site: EmailSite,
  to: string,
  name: string,
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
  name: string,
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

export function confirmNewEmailMessage(
  site: EmailSite,
  to: string,
  name: string,
  link: string,
): EmailMessage {
  return compose(site, to, "Confirm your new email address", [
    greeting(name),
    [`Open this link to use this address for your account with ${site.name}:`],
    [{ link }],
    [`The link works once, for 24 hours.${notYou}`],
  ]);
}

export function emailChangeNoticeMessage(
  site: EmailSite,
  to: string,
  name: string,
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

export function accountDeletedMessage(site: EmailSite, to: string, name: string): EmailMessage {
  return compose(site, to, "Your account was deleted", [
    greeting(name),
    [
      `Your account with ${site.name} and everything saved in it have been deleted. Thank you for reading.`,
    ],
  ]);
}
