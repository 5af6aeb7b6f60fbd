import { Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) through `otpauth`: SHA-1, six digits, 30-second steps, the parameters every
 * authenticator app supports. A code of the previous or next step is accepted (clock drift);
 * which step matched is returned so the caller can refuse a step that was already used.
 */
export const TOTP_PERIOD_SECONDS = 30;
const PARAMETERS = { algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS } as const;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return new TOTP({ ...PARAMETERS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step a six-digit code matches at `now` (one step either side), or null. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    ...PARAMETERS,
    secret: Secret.fromBase32(secret),
    token: code,
    timestamp,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** The code of `now`: what the app shows (tests and the development `newsroom:code`). */
export function totpCodeAt(secret: string, now: Date): string {
  return TOTP.generate({
    ...PARAMETERS,
    secret: Secret.fromBase32(secret),
    timestamp: now.getTime(),
  });
}
