import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
} from "edge-api/auth-types";
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from "jose";
import type { SessionChange, Viewer } from "../contract/fragment-contract.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE, parseCookies } from "./session-cookies.ts";
import type { ServiceBinding } from "./shell-env.ts";

/**
 * Who is reading, decided at the edge without an API round trip: the access JWT in the
 * `__Host-access` cookie is verified with the API's public keys. An expired or missing access
 * token with a refresh token is renewed transparently (one API call) and the new cookies go out
 * with the response.
 */
export interface ReaderSession {
  viewer: Viewer;
  accessToken: string | null;
  refreshToken: string | null;
  /** Cookies to send with the response when the session was renewed or has ended. */
  change: SessionChange | null;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const JWKS_TTL_MS = 5 * 60_000;
let jwksCache: { at: number; keys: ReturnType<typeof createLocalJWKSet> } | null = null;

async function loadKeys(api: ServiceBinding, force: boolean) {
  const now = Date.now();
  if (!force && jwksCache && now - jwksCache.at < JWKS_TTL_MS) return jwksCache.keys;
  const response = await api.fetch("https://edge-api.internal/api/auth/jwks");
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  const keys = createLocalJWKSet((await response.json()) as JSONWebKeySet);
  jwksCache = { at: now, keys };
  return keys;
}

/** Forgets the cached keys (tests; key rotation). */
export function resetKeyCache(): void {
  jwksCache = null;
}

async function verifyAccess(api: ServiceBinding, token: string): Promise<Viewer> {
  const options = {
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    algorithms: [ACCESS_TOKEN_ALGORITHM],
  };
  try {
    const { payload } = await jwtVerify(token, await loadKeys(api, false), options);
    return viewerOf(payload);
  } catch (error) {
    // A key we have not seen yet: fetch the key set once more (the API rotated its keys).
    if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
    const { payload } = await jwtVerify(token, await loadKeys(api, true), options);
    return viewerOf(payload);
  }
}

function viewerOf(payload: Record<string, unknown>): Viewer {
  const id = payload.sub;
  const name = payload.name;
  if (typeof id !== "string" || typeof name !== "string")
    throw new Error("access token lacks sub/name");
  return { id, displayName: name };
}

interface RefreshAnswer {
  tokens: {
    accessToken: string;
    accessExpiresIn: number;
    refreshToken: string;
    refreshExpiresIn: number;
  };
}

/** A POST to the API's auth endpoints on the reader's behalf (their address and browser). */
function postAsReader(
  api: ServiceBinding,
  path: string,
  refreshToken: string,
  client: ClientInfo,
): Promise<Response> {
  return api.fetch(`https://edge-api.internal${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "cf-connecting-ip": client.ip,
      "user-agent": client.userAgent,
    },
    body: JSON.stringify({ refreshToken }),
  });
}

async function refresh(api: ServiceBinding, refreshToken: string, client: ClientInfo) {
  const response = await postAsReader(api, "/api/auth/refresh", refreshToken, client);
  if (response.status === 401 || response.status === 400) return null;
  if (!response.ok) throw new Error(`refresh answered ${response.status}`);
  return ((await response.json()) as RefreshAnswer).tokens;
}

const ANONYMOUS: ReaderSession = {
  viewer: null,
  accessToken: null,
  refreshToken: null,
  change: null,
};

export async function readSession(
  api: ServiceBinding,
  request: Request,
  client: ClientInfo,
): Promise<ReaderSession> {
  const cookies = parseCookies(request.headers.get("cookie"));
  const accessToken = cookies.get(ACCESS_COOKIE) || null;
  const refreshToken = cookies.get(REFRESH_COOKIE) || null;
  if (!accessToken && !refreshToken) return ANONYMOUS;
  if (accessToken) {
    try {
      return {
        viewer: await verifyAccess(api, accessToken),
        accessToken,
        refreshToken,
        change: null,
      };
    } catch {
      // Expired or invalid: fall through to a refresh, or end the session.
    }
  }
  if (!refreshToken) return { ...ANONYMOUS, change: { kind: "clear" } };
  try {
    const tokens = await refresh(api, refreshToken, client);
    if (!tokens) return { ...ANONYMOUS, change: { kind: "clear" } };
    const viewer = await verifyAccess(api, tokens.accessToken);
    return {
      viewer,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      change: {
        kind: "set",
        accessToken: tokens.accessToken,
        accessMaxAge: tokens.accessExpiresIn,
        refreshToken: tokens.refreshToken,
        refreshMaxAge: tokens.refreshExpiresIn,
      },
    };
  } catch (error) {
    // The API is unreachable: read on anonymously and keep the cookies for the next request.
    console.error(JSON.stringify({ event: "session_refresh_failed", detail: String(error) }));
    return ANONYMOUS;
  }
}

/** Revokes the refresh token server-side when the account fragment ends the session. */
export async function revokeRefreshToken(
  api: ServiceBinding,
  refreshToken: string,
  client: ClientInfo,
): Promise<void> {
  try {
    await postAsReader(api, "/api/auth/logout", refreshToken, client);
  } catch (error) {
    console.error(JSON.stringify({ event: "logout_failed", detail: String(error) }));
  }
}
