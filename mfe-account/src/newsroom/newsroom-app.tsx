import type { FragmentAppProps } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import { AccountPanel } from "../ui/account-panel.tsx";
import { ViewUnavailable } from "../ui/view-unavailable.tsx";
import { AuditPage } from "./ui/audit-page.tsx";
import { JoinPage } from "./ui/join-page.tsx";
import { NewsroomViewSchema } from "./ui/newsroom-view.ts";
import { SecurityPage } from "./ui/security-page.tsx";
import { SignInPage } from "./ui/sign-in-page.tsx";
import { StaffPage } from "./ui/staff-page.tsx";

/**
 * The root of the account fragment's newsroom screens: rendered by the Worker for the
 * `account.newsroom-*` routes and hydrated by the remote's `./newsroom` module, which readers
 * never load. The shell draws the newsroom's chrome around it; this is the page's content only.
 */
export function NewsroomApp({ props }: FragmentAppProps) {
  const view = NewsroomViewSchema.safeParse(props);
  if (!view.success) return <ViewUnavailable />;
  const data = view.data;
  switch (data.view) {
    case "newsroom-sign-in":
      return <SignInPage view={data} />;
    case "newsroom-join":
      return <JoinPage view={data} />;
    case "newsroom-staff":
      return <StaffPage view={data} />;
    case "newsroom-security":
      return <SecurityPage view={data} />;
    case "newsroom-audit":
      return <AuditPage view={data} />;
    case "newsroom-forbidden":
      return (
        <AccountPanel
          title={data.title}
          intro={data.message}
          links={
            data.staff
              ? [{ href: hrefFor("content.newsroom"), label: "Go to the stories" }]
              : [{ href: hrefFor("content.home"), label: "Go to the front page" }]
          }
        />
      );
  }
}
