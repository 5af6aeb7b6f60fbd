import type { FragmentHead } from "shell/contract";
import { hrefFor, type PageRouteId } from "shell/contract/addresses";
import type { AccountScreen } from "../ui/account-view.ts";
import { PUBLICATION_NAME } from "./account-settings.ts";

/** The account routes of the shell's table; none has a parameter. */
type AccountRouteId = Extract<PageRouteId, `account.${string}`>;

/** Each screen's route (its canonical address) and head text. */
const screens: Record<
  AccountScreen,
  { route: AccountRouteId; title: string; description: string }
> = {
  login: {
    route: "account.login",
    title: "Log in",
    description: `Log in to your ${PUBLICATION_NAME} account.`,
  },
  "sign-up": {
    route: "account.sign-up",
    title: "Sign up",
    description: `Create a ${PUBLICATION_NAME} account.`,
  },
  "forgot-password": {
    route: "account.forgot-password",
    title: "Forgot your password?",
    description: `Ask for a link to reset the password of your ${PUBLICATION_NAME} account.`,
  },
  "reset-password": {
    route: "account.reset-password",
    title: "Choose a new password",
    description: `Choose a new password for your ${PUBLICATION_NAME} account.`,
  },
  "verify-email": {
    route: "account.verify-email",
    title: "Confirm your email address",
    description: `Confirm the email address of your ${PUBLICATION_NAME} account.`,
  },
  "confirm-email": {
    route: "account.confirm-email",
    title: "Confirm your new email address",
    description: `Confirm the new email address of your ${PUBLICATION_NAME} account.`,
  },
  logout: {
    route: "account.logout",
    title: "Log out",
    description: `Log out of ${PUBLICATION_NAME}.`,
  },
  profile: {
    route: "account.profile",
    title: "Your profile",
    description: `Your ${PUBLICATION_NAME} account.`,
  },
  "save-article": {
    route: "account.profile",
    title: "Save an article",
    description: `Save an article to your ${PUBLICATION_NAME} profile.`,
  },
};

/** Screens opened from an emailed link that carries a token in its query. */
const TOKEN_SCREENS: ReadonlySet<AccountScreen> = new Set([
  "reset-password",
  "verify-email",
  "confirm-email",
]);

/** Account screens are personal: never indexed, never shared with other sites via Referer. */
export function accountHead(screen: AccountScreen): FragmentHead {
  const { route, title, description } = screens[screen];
  const meta: FragmentHead["meta"] = [{ property: "og:title", content: title }];
  // The link carries its token in the URL; keep it out of Referer headers.
  if (TOKEN_SCREENS.has(screen)) meta.push({ name: "referrer", content: "no-referrer" });
  return {
    title: `${title} | ${PUBLICATION_NAME}`,
    description,
    canonicalPath: hrefFor(route),
    robots: "noindex",
    meta,
  };
}
