/**
 * The SQL of the operator's commands (`npm run newsroom:admin`, the development staff of
 * `npm start`), run through `wrangler d1 execute`, which takes text, not bound parameters:
 * every value is a literal made by `sqlText`/`sqlInteger` here, from input the scripts have
 * already validated. Pure strings, so a Workers test runs exactly this SQL against D1.
 */

/** A text literal: single quotes doubled; NUL refused (SQLite would cut the string there). */
export function sqlText(value: string): string {
  if (value.includes("\u0000")) throw new Error("text with NUL cannot be written as SQL");
  return `'${value.replaceAll("'", "''")}'`;
}

export function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not an integer`);
  return String(value);
}

/** Who has this address, and their newsroom role (`reader` when not on the staff). */
export function accountRoleQuery(email: string): string {
  return `SELECT u.id AS id, u.display_name AS displayName, coalesce(s.role, 'reader') AS role
FROM users u LEFT JOIN staff_members s ON s.user_id = u.id
WHERE u.email = ${sqlText(email)}`;
}

/**
 * Makes the account with this address an admin. Idempotent: when it already is one, nothing
 * changes and nothing is logged. Otherwise, as any role change (SECURITY 33): an audit entry
 * with the old and new role (no actor: the operator's command), the end of the person's
 * newsroom sessions, and the role. `wrangler d1 execute` runs the statements in order.
 */
export function grantAdminStatements(email: string, now: Date): string[] {
  const address = sqlText(email);
  const at = sqlInteger(now.getTime());
  const changing = `SELECT u.id FROM users u LEFT JOIN staff_members s ON s.user_id = u.id
  WHERE u.email = ${address} AND coalesce(s.role, 'reader') <> 'admin'`;
  return [
    `INSERT INTO audit_log (at, actor_id, action, subject, detail)
SELECT ${at}, NULL, 'staff.role', u.email,
  json_object('role', json_array(coalesce(s.role, 'reader'), 'admin'), 'via', 'npm run newsroom:admin')
FROM users u LEFT JOIN staff_members s ON s.user_id = u.id
WHERE u.email = ${address} AND coalesce(s.role, 'reader') <> 'admin'`,
    `UPDATE newsroom_sessions SET revoked_at = ${at}
WHERE revoked_at IS NULL AND user_id IN (${changing})`,
    `INSERT INTO staff_members (user_id, role, created_at, updated_at)
SELECT id, 'admin', ${at}, ${at} FROM users WHERE email = ${address}
ON CONFLICT (user_id) DO UPDATE SET role = 'admin', updated_at = excluded.updated_at
WHERE staff_members.role <> 'admin'`,
  ];
}

/** One development staff member, ready to insert (development only: `npm start`). */
export interface DevStaffRow {
  id: string;
  email: string;
  displayName: string;
  role: "contributor" | "editor" | "admin";
  passwordHash: string;
  /** The TOTP secret sealed for this account id (second-factor-secrets.ts). */
  sealedSecret: string;
}

/**
 * Inserts a development staff member with a confirmed second factor, unless the address is
 * taken (then nothing of it is written: every statement checks the account is this one).
 */
export function devStaffStatements(row: DevStaffRow, now: Date): string[] {
  const at = sqlInteger(now.getTime());
  const id = sqlText(row.id);
  const ours = `EXISTS (SELECT 1 FROM users WHERE id = ${id})`;
  return [
    `INSERT INTO users (id, email, display_name, password_hash, email_verified, role, created_at)
VALUES (${id}, ${sqlText(row.email)}, ${sqlText(row.displayName)}, ${sqlText(row.passwordHash)}, 1, 'reader', ${at})
ON CONFLICT (email) DO NOTHING`,
    `INSERT INTO staff_members (user_id, role, created_at, updated_at)
SELECT ${id}, ${sqlText(row.role)}, ${at}, ${at} WHERE ${ours}
ON CONFLICT (user_id) DO NOTHING`,
    `INSERT INTO second_factors (user_id, secret, confirmed_at, last_step, created_at)
SELECT ${id}, ${sqlText(row.sealedSecret)}, ${at}, NULL, ${at} WHERE ${ours}
ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = excluded.confirmed_at,
  last_step = NULL`,
  ];
}

/** The development staff as they stand: role and sealed secret (null when not enrolled). */
export function devStaffQuery(emails: string[]): string {
  return `SELECT u.id AS id, u.email AS email, coalesce(s.role, 'reader') AS role,
  CASE WHEN f.confirmed_at IS NULL THEN NULL ELSE f.secret END AS sealedSecret
FROM users u LEFT JOIN staff_members s ON s.user_id = u.id
LEFT JOIN second_factors f ON f.user_id = u.id
WHERE u.email IN (${emails.map(sqlText).join(", ")})`;
}

/** The sealed TOTP secret of one account with a confirmed second factor. */
export function sealedSecretQuery(email: string): string {
  return `SELECT u.id AS id, f.secret AS sealedSecret
FROM users u JOIN second_factors f ON f.user_id = u.id
WHERE u.email = ${sqlText(email)} AND f.confirmed_at IS NOT NULL`;
}
