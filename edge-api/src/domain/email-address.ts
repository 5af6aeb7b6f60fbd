/**
 * Email addresses are compared and stored trimmed and lower-cased (the users table refuses
 * anything else), so `Ines@Example.com ` and `ines@example.com` are one account.
 */
export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
