import type { FragmentHead } from "shell/contract";
import { hrefFor, type PageRouteId } from "shell/contract/addresses";
import type { AccountScreen, AccountView } from "../ui/account-view.ts";

/** The account routes of the shell's table; none has a parameter. */
type AccountRouteId = Extract<PageRouteId, `account.${string}`>;

/** Each screen's route (its canonical address) and head text, given the publication's name. */
const screens: Record<
  Exclude<AccountScreen, "logged-in">,
  { route: AccountRouteId; title: string; description: (name: string) => string }
> = {
  login: {
    route: "account.login",
    title: "Log in",
    description: (name) => `Log in to your ${name} account.`,
  },
  "sign-up": {
    route: "account.sign-up",
    title: "Sign up",
    description: (name) => `Create a ${name} account.`,
  },
  "forgot-password": {
    route: "account.forgot-password",
    title: "Forgot your password?",
    description: (name) => `Ask for a link to reset the password of your ${name} account.`,
  },
  "reset-password": {
    route: "account.reset-password",
    title: "Choose a new password",
    description: (name) => `Choose a new password for your ${name} account.`,
  },
  "verify-email": {
    route: "account.verify-email",
    title: "Confirm your email address",
    description: (name) => `Confirm the email address of your ${name} account.`,
  },
  "confirm-email": {
    route: "account.confirm-email",
    title: "Confirm your new email address",
    description: (name) => `Confirm the new email address of your ${name} account.`,
  },
  logout: {
    route: "account.logout",
    title: "Log out",
    description: (name) => `Log out of ${name}.`,
  },
  profile: {
    route: "account.profile",
    title: "Your profile",
    description: (name) => `Your ${name} account.`,
  },
  "save-article": {
    route: "account.profile",
    title: "Save an article",
    description: (name) => `Save an article to your ${name} profile.`,
  },
};

/**
 * The head of a screen as its view says: a logged-in reader's answer on log in, sign up or
 * forgotten password keeps that screen's address but says what the page says.
 */
export function headOf(view: AccountView): FragmentHead {
  const name = view.publication.name;
  if (view.view !== "logged-in") return accountHead(view.view, name);
  return {
    ...accountHead(view.asked, name),
    title: `You are logged in | ${name}`,
    description: `You are logged in to ${name}.`,
    meta: [{ property: "og:title", content: "You are logged in" }],
  };
}

/** Screens opened from an emailed link that carries a token in its query. */
const TOKEN_SCREENS: ReadonlySet<AccountScreen> = new Set([
  "reset-password",
  "verify-email",
  "confirm-email",
]);

/**
 * Account screens are personal: never indexed, never shared with other sites via Referer.
 * `publicationName` is the configured one (`PUBLICATION_NAME`), never a literal (ADR 0013).
 */
function accountHead(screen: keyof typeof screens, publicationName: string): FragmentHead {
  const { route, title, description } = screens[screen];
  const meta: FragmentHead["meta"] = [{ property: "og:title", content: title }];
  // The link carries its token in the URL; keep it out of Referer headers.
  if (TOKEN_SCREENS.has(screen)) meta.push({ name: "referrer", content: "no-referrer" });
  return {
    title: `${title} | ${publicationName}`,
    description: description(publicationName),
    canonicalPath: hrefFor(route),
    robots: "noindex",
    meta,
  };
}
