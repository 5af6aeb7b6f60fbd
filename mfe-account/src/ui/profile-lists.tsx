import type { ProfileView } from "./account-view.ts";
import { IntentForm, ProfileSection } from "./profile-forms.tsx";

export function SessionList({
  csrf,
  sessions,
}: {
  csrf: string;
  sessions: ProfileView["sessions"];
}) {
  return (
    <ProfileSection id="a-sessions" title="Where you're logged in">
      <ul className="a-list">
        {sessions.map((session) => (
          <li key={session.id} className="a-list__item">
            <div>
              <strong>{session.device}</strong>
              {session.current && <span className="a-tag"> (this device)</span>}
              <br />
              <span className="a-hint">{`Last used ${session.lastUsed}`}</span>
            </div>
            {!session.current && (
              <IntentForm
                csrf={csrf}
                intent="end-session"
                label="End session"
                hidden={{ sessionId: session.id }}
                visuallyHiddenLabel={` on ${session.device}`}
                danger
              />
            )}
          </li>
        ))}
      </ul>
      <p className="a-hint">Logging out everywhere ends this session too.</p>
      <IntentForm csrf={csrf} intent="end-all-sessions" label="Log out everywhere" danger />
    </ProfileSection>
  );
}

export function SavedArticles({ csrf, saved }: { csrf: string; saved: ProfileView["saved"] }) {
  return (
    <ProfileSection id="a-saved" title="Saved articles">
      {saved.length === 0 ? (
        <p className="a-hint">
          You have not saved any articles yet. Use “Save for later” on an article.
        </p>
      ) : (
        <ul className="a-list">
          {saved.map((article) => (
            <li key={article.slug} className="a-list__item">
              <a href={article.href}>{article.headline}</a>
              <IntentForm
                csrf={csrf}
                intent="remove-saved"
                label="Remove"
                hidden={{ slug: article.slug }}
                visuallyHiddenLabel={` “${article.headline}”`}
                danger
              />
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
