import { hrefFor } from "shell/contract/addresses";
import { AccountPanel } from "./account-panel.tsx";
import { LogOutForm } from "./logout-page.tsx";

type AskedScreen = "login" | "sign-up" | "forgot-password";

/** What a logged-in reader would have to do for the screen they opened. */
const another: Record<AskedScreen, string> = {
  login: "To log in with another account, log out first.",
  "sign-up": "To sign up for another account, log out first.",
  "forgot-password":
    "You can change your password on your profile. To reset the password of another account, log out first.",
};

/**
 * Log in, sign up or forgotten password opened by a reader who is logged in already
 * (issue 15): who they are, the way to their profile and the log-out button, not the form.
 */
export function LoggedInPage({
  csrf,
  asked,
  displayName,
}: {
  csrf: string;
  asked: AskedScreen;
  displayName: string;
}) {
  return (
    <AccountPanel
      title={`You are logged in as ${displayName}`}
      intro={another[asked]}
      links={[
        { href: hrefFor("account.profile"), label: "Go to your profile" },
        { href: hrefFor("content.home"), label: "Go to the front page" },
      ]}
    >
      <LogOutForm csrf={csrf} button="secondary" />
    </AccountPanel>
  );
}
