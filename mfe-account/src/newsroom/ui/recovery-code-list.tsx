/**
 * Recovery codes, shown on one answer only (after enrolment, or after making new ones): a
 * list to copy or print, and the advice to keep them. A reload never shows them again.
 */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="a-banner" role="region" aria-labelledby="a-nr-codes-title">
      <h2 id="a-nr-codes-title" className="a-subtitle">
        Your recovery codes
      </h2>
      <p className="a-warning">This is the only time these codes are shown. Save them now.</p>
      <p>
        If you lose your phone, each code lets you in once instead of a code from the app. Keep them
        somewhere safe that is not your phone, such as a password manager or a printed copy.
      </p>
      <ol className="a-nr-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}
