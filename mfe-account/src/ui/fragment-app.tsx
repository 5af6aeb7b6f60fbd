import type { FragmentAppProps } from "shell/contract";
import { AccountViewSchema } from "./account-view.ts";
import { EmailTokenPage } from "./email-token-page.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { LoggedInPage } from "./logged-in-page.tsx";
import { LoginForm } from "./login-form.tsx";
import { LogoutPage } from "./logout-page.tsx";
import { ProfilePage } from "./profile-page.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SaveArticlePage } from "./save-article-page.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { ViewUnavailable } from "./view-unavailable.tsx";

/** The account screens' root component, rendered by the Worker and hydrated in the browser. */
export function FragmentApp({ props }: FragmentAppProps) {
  const view = AccountViewSchema.safeParse(props);
  if (!view.success) return <ViewUnavailable />;
  const data = view.data;
  switch (data.view) {
    case "login":
      return <LoginForm {...data} />;
    case "sign-up":
      return <SignUpForm {...data} />;
    case "forgot-password":
      return <ForgotPasswordForm {...data} />;
    case "reset-password":
      return <ResetPasswordForm {...data} />;
    case "verify-email":
    case "confirm-email":
      return <EmailTokenPage {...data} />;
    case "logged-in":
      return <LoggedInPage {...data} />;
    case "logout":
      return <LogoutPage {...data} />;
    case "profile":
      return <ProfilePage view={data} />;
    case "save-article":
      return <SaveArticlePage {...data} />;
  }
}
