/**
 * Shapes of the account API (issue 4). The account fragment and the shell consume them through
 * `edge-api/client`. Every request body is JSON validated with a strict schema (unknown fields
 * refused); every caller passes the reader's address in `cf-connecting-ip` and device in
 * `user-agent`. Authenticated calls send `authorization: Bearer <access token>`.
 */

/** Issued on sign-up, login and refresh; the shell turns it into `__Host-` cookies. */
export interface TokenPair {
  /** ES256 JWT, <= 15 minutes, with `kid`, `iss`, `aud`, `sub` (account id), `sid` (session id), `name`. */
  accessToken: string;
  accessExpiresIn: number;
  /** Opaque, >= 128 bits, stored hashed; rotated on every refresh. */
  refreshToken: string;
  refreshExpiresIn: number;
}

export interface AccountView {
  id: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
  createdAt: string;
}

export interface SessionView {
  id: string;
  /** A short description of the browser and system, e.g. "Chrome on Linux". */
  device: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

// POST /api/auth/sign-up {email, displayName, password}
//   -> 201 {status: "created", tokens, account}  (new account, signed in)
//   -> 202 {status: "check-email"}               (email already registered: the owner is emailed)
// POST /api/auth/login {email, password} -> 200 {tokens, account} | 401 invalid_credentials | 429 rate_limited (Retry-After)
// POST /api/auth/refresh {refreshToken} -> 200 {tokens} | 401 invalid_session (reuse revokes the family)
// POST /api/auth/logout {refreshToken} -> 204
// GET  /api/auth/jwks -> JWKS (public keys, `kid`)
// POST /api/auth/verify-email {token} -> 200 {account} | 400 invalid_token
// POST /api/auth/resend-verification (Bearer) -> 202
// POST /api/auth/forgot-password {email} -> 202 always | 429 rate_limited
// POST /api/auth/reset-password {token, password} -> 200 {status: "reset"} | 400 invalid_token | 400 weak_password
// GET  /api/account (Bearer) -> {account}
// PATCH /api/account (Bearer) {displayName} -> {account}
// POST /api/account/email (Bearer) {newEmail, currentPassword} -> 202
// POST /api/auth/confirm-email {token} -> 200 {account} | 400 invalid_token
// POST /api/account/password (Bearer) {currentPassword, newPassword} -> 200 {tokens} (other sessions ended)
// GET  /api/account/sessions (Bearer) -> {sessions: SessionView[]}
// DELETE /api/account/sessions/:id (Bearer) -> 204
// POST /api/account/sessions/end-all (Bearer) -> 204 (every session, this one included)
// GET  /api/account/saved (Bearer) -> {articles: ArticleCard[]}
// PUT  /api/account/saved/:slug (Bearer) -> 204 ; DELETE /api/account/saved/:slug (Bearer) -> 204
// POST /api/account/delete (Bearer) {password} -> 204 (data removed, confirmation email)
// Errors: {error: {code, message, requestId}}; codes: invalid_request 400, weak_password 400
// (with `reason`: too_short | too_long | common | site_name), invalid_credentials 401,
// unauthorized 401, forbidden 403, conflict 409, payload_too_large 413, rate_limited 429.

export interface WeakPasswordError {
  error: {
    code: "weak_password";
    reason: "too_short" | "too_long" | "common" | "site_name";
    message: string;
    requestId?: string;
  };
}

/** Claims the shell and fragments check on every access token. */
export const ACCESS_TOKEN_ISSUER = "daily-edge:edge-api";
export const ACCESS_TOKEN_AUDIENCE = "daily-edge:web";
export const ACCESS_TOKEN_ALGORITHM = "ES256";

/** One key of GET /api/auth/jwks (added by edge-api: the shape the JWKS answers with). */
export interface PublicSigningKey {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  alg: typeof ACCESS_TOKEN_ALGORITHM;
  use: "sig";
}
