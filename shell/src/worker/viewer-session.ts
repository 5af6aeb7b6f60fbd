import { createApiClient, type ApiClient, type ClientInfo } from "edge-api/client";
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
} from "edge-api/auth-types";
import { isStaffRole, NEWSROOM_VERIFIED_CLAIM, ROLE_CLAIM } from "edge-api/contract/newsroom";
import { createLocalJWKSet, errors, jwtVerify } from "jose";
import type { SessionChange, Viewer } from "../contract/fragment-contract.ts";
import type { Logger } from "../fragment-kit/logger.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE, type Cookies } from "./session-cookies.ts";
import type { ServiceBinding } from "./shell-env.ts";
import { VerifiedTokens } from "./verified-tokens.ts";

/**
 * Who is reading, decided at the edge without an API round trip: the access JWT in the
 * `__Host-access` cookie is verified with the API's public keys. An expired or missing access
 * token with a refresh token is renewed transparently (one API call) and the new cookies go out
 * with the response. Every call goes through the API's one client (decision 0012).
 */
export interface ReaderSession {
  viewer: Viewer;
  accessToken: string | null;
  refreshToken: string | null;
  /** Cookies to send with the response when the session was renewed or has ended. */
  change: SessionChange | null;
}

/** What a session read needs besides the cookies. */
export interface SessionCall {
  api: ServiceBinding;
  client: ClientInfo;
  requestId: string;
  log: Logger;
  /** Time budget of each API call (ms). */
  timeoutMs: number;
}

/**
 * How long the API's public keys are kept. A key rotation publishes the next key at least this
 * long before tokens carry it (docs/secrets.md); a kid not seen yet refetches at once anyway.
 */
const JWKS_TTL_MS = 5 * 60_000;
/** Settled keys only: no request ever awaits a key fetch another request started. */
let jwksCache: { at: number; keys: ReturnType<typeof createLocalJWKSet> } | null = null;

/** The API's client for one call, on the person's behalf when given their access token. */
function apiFor(call: SessionCall, accessToken: string | null = null): ApiClient {
  return createApiClient(call.api, {
    requestId: call.requestId,
    client: call.client,
    accessToken,
    signal: AbortSignal.timeout(call.timeoutMs),
  });
}

/**
 * The API cannot give its keys (its signing key is missing or malformed, it is down or answers
 * off contract): nobody's token can be checked now, which says nothing about the token itself.
 */
class KeysUnavailable extends Error {
  override name = "KeysUnavailable";
}

async function loadKeys(call: SessionCall, force: boolean) {
  const now = Date.now();
  if (!force && jwksCache && now - jwksCache.at < JWKS_TTL_MS) return jwksCache.keys;
  let keys: ReturnType<typeof createLocalJWKSet>;
  try {
    const answer = await apiFor(call).jwks();
    if (!answer.ok) throw new Error(`JWKS answered ${answer.status}`);
    keys = createLocalJWKSet(answer.data);
  } catch (error) {
    throw new KeysUnavailable(String(error));
  }
  jwksCache = { at: now, keys };
  return keys;
}

/** Forgets the cached keys (tests; key rotation). */
export function resetKeyCache(): void {
  jwksCache = null;
  verifiedTokens.clear();
}

/**
 * Verified access tokens of this isolate (issue 19): a signed-in reader's pages cost one map
 * read instead of a signature check, until the token's `exp` and while the keys it was checked
 * with are current (`verified-tokens.ts`). 5,000 tokens of about 400 bytes: a few MB at most.
 */
const verifiedTokens = new VerifiedTokens<Viewer>(5_000);

async function verifyAccess(call: SessionCall, token: string): Promise<Viewer> {
  const options = {
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    algorithms: [ACCESS_TOKEN_ALGORITHM],
  };
  let keys = await loadKeys(call, false);
  const known = verifiedTokens.get(token, keys, Date.now());
  if (known) return known;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, options));
  } catch (error) {
    // A key we have not seen yet: fetch the key set once more (the API rotated its keys).
    if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
    keys = await loadKeys(call, true);
    ({ payload } = await jwtVerify(token, keys, options));
  }
  const viewer = viewerOf(payload);
  // Only a token that says when it ends is kept, and never past that second.
  if (typeof payload.exp === "number") verifiedTokens.set(token, viewer, payload.exp * 1_000, keys);
  return viewer;
}

function viewerOf(payload: Record<string, unknown>): Viewer {
  const id = payload.sub;
  const name = payload.name;
  if (typeof id !== "string" || typeof name !== "string")
    throw new Error("access token lacks sub/name");
  const role = payload[ROLE_CLAIM];
  return {
    id,
    displayName: name,
    role: typeof role === "string" && isStaffRole(role) ? role : "reader",
    newsroomVerified: payload[NEWSROOM_VERIFIED_CLAIM] === true,
  };
}

/** The session of a reader without session cookies. */
export const ANONYMOUS: ReaderSession = {
  viewer: null,
  accessToken: null,
  refreshToken: null,
  change: null,
};

export async function readSession(cookies: Cookies, call: SessionCall): Promise<ReaderSession> {
  const accessToken = cookies[ACCESS_COOKIE] || null;
  const refreshToken = cookies[REFRESH_COOKIE] || null;
  if (!accessToken && !refreshToken) return ANONYMOUS;
  if (accessToken) {
    try {
      return {
        viewer: await verifyAccess(call, accessToken),
        accessToken,
        refreshToken,
        change: null,
      };
    } catch (error) {
      // No keys to check with: read on anonymously and keep the cookies (no refresh either,
      // whose answer could not be checked): the page never depends on the signing key.
      if (error instanceof KeysUnavailable) return keysUnavailable(call, error);
      // Expired or invalid: fall through to a refresh, or end the session.
    }
  }
  if (!refreshToken) return { ...ANONYMOUS, change: { kind: "clear" } };
  try {
    const answer = await apiFor(call).refresh(refreshToken);
    if (!answer.ok && (answer.status === 401 || answer.status === 400)) {
      return { ...ANONYMOUS, change: { kind: "clear" } };
    }
    if (!answer.ok) throw new Error(`refresh answered ${answer.status}`);
    const { tokens } = answer.data;
    const change: SessionChange = {
      kind: "set",
      accessToken: tokens.accessToken,
      accessMaxAge: tokens.accessExpiresIn,
      refreshToken: tokens.refreshToken,
      refreshMaxAge: tokens.refreshExpiresIn,
    };
    let viewer: Viewer;
    try {
      viewer = await verifyAccess(call, tokens.accessToken);
    } catch (error) {
      if (!(error instanceof KeysUnavailable)) throw error;
      // The refresh token was spent: the new pair must reach the browser even when this page
      // cannot read it, or the next request would present a rotated token.
      return { ...keysUnavailable(call, error), change };
    }
    return {
      viewer,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      change,
    };
  } catch (error) {
    // The API is unreachable: read on anonymously and keep the cookies for the next request.
    call.log.error("session_refresh_failed", { detail: String(error) });
    return ANONYMOUS;
  }
}

/** Anonymous for this request, the session's cookies untouched; logged with why. */
function keysUnavailable(call: SessionCall, error: KeysUnavailable): ReaderSession {
  call.log.error("jwks_unavailable", { detail: error.message });
  return ANONYMOUS;
}

/** Revokes the refresh token server-side when the account fragment ends the session. */
export async function revokeRefreshToken(call: SessionCall, refreshToken: string): Promise<void> {
  try {
    await apiFor(call).logout(refreshToken);
  } catch (error) {
    call.log.error("logout_failed", { detail: String(error) });
  }
}

/**
 * On a newsroom page, the person's role and second factor as the API reads them from D1 now,
 * not as the access token said when it was issued (up to 15 minutes ago): removing someone's
 * role or ending their newsroom session closes the shell's door on their next page, with no
 * chrome left around a refusal (SECURITY 33). One API call, on newsroom pages only. When the
 * API cannot say (unreachable), the token's word stands: the API still refuses every call.
 */
export async function withNewsroomStanding(
  call: SessionCall,
  session: ReaderSession,
): Promise<ReaderSession> {
  const { viewer, accessToken } = session;
  if (viewer === null || accessToken === null) return session;
  try {
    const answer = await apiFor(call, accessToken).call("secondFactor", {});
    if (answer.ok) {
      const { role, verified } = answer.data;
      return { ...session, viewer: { ...viewer, role, newsroomVerified: verified } };
    }
    if (answer.status === 403) {
      return { ...session, viewer: { ...viewer, role: "reader", newsroomVerified: false } };
    }
    if (answer.status === 401) return { ...session, viewer: null };
    throw new Error(`second-factor state answered ${answer.status}`);
  } catch (error) {
    call.log.error("newsroom_standing_failed", { detail: String(error) });
    return session;
  }
}
