import { AccountPanel } from "./account-panel.tsx";

export function ProfilePage({ displayName }: { displayName: string }) {
  return (
    <AccountPanel title="Your profile">
      <dl className="a-details">
        <dt>Display name</dt>
        <dd>{displayName}</dd>
      </dl>
    </AccountPanel>
  );
}
