import { AccountPanel, type PanelLink } from "./account-panel.tsx";

/**
 * What a screen opened from an emailed link shows when the link's token is missing, or no longer
 * works (used, expired or replaced): the screen says why in `intro` and where to go instead.
 */
export function EmailedLinkProblem({
  state,
  intro,
  link,
}: {
  state: "invalid" | "missing";
  intro: string;
  link: PanelLink;
}) {
  return (
    <AccountPanel
      title={state === "invalid" ? "That link no longer works" : "Open the link from your email"}
      intro={intro}
      links={[link]}
    />
  );
}
