import type { FragmentAppProps } from "shell/contract";
import { AccountViewSchema } from "./account-view.ts";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { LoginForm } from "./login-form.tsx";
import { ProfilePage } from "./profile-page.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

/** The account screens' root component, rendered by the Worker and hydrated in the browser. */
export function FragmentApp({ props }: FragmentAppProps) {
  const view = AccountViewSchema.safeParse(props);
  if (!view.success) {
    return (
      <section className="a-panel">
        <p className="a-problem" role="alert">
          This page cannot be shown right now.
        </p>
      </section>
    );
  }
  switch (view.data.screen) {
    case "login":
      return <LoginForm next={view.data.next} />;
    case "sign-up":
      return <SignUpForm />;
    case "forgot-password":
      return <ForgotPasswordForm />;
    case "reset-password":
      return <ResetPasswordForm />;
    case "profile":
      return <ProfilePage displayName={view.data.displayName} />;
  }
}
