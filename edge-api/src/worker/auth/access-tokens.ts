import { decodeProtectedHeader, importJWK, jwtVerify, SignJWT } from "jose";
import type { CryptoKey } from "jose";
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
} from "../../contract/account-contract.ts";
import type { PublicSigningKey } from "../../contract/account-contract.ts";
import {
  NEWSROOM_VERIFIED_CLAIM,
  ROLE_CLAIM,
  type AccountRole,
} from "../../contract/newsroom-contract.ts";
import type { SigningJwk, SigningKeys } from "../worker-config.ts";

/** SECURITY 11: short-lived, asymmetric, `kid`, issuer, audience and expiry. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  accountId: string;
  sessionId: string;
  displayName: string;
  /**
   * For the shell's newsroom door only (`role`, `nsv` claims); the API never decides on them
   * and re-reads the role and newsroom session from D1 (`newsroomStanding`).
   */
  role?: AccountRole;
  newsroomVerified?: boolean;
}

/** Settled key pairs only: a request never awaits an import another request started. */
const keys = new Map<string, { privateKey: CryptoKey; publicKey: CryptoKey }>();

/** Imported once per isolate and key (twice at most, by requests that race on a cold isolate). */
async function keysOf(jwk: SigningJwk) {
  const cacheKey = `${jwk.kid}:${jwk.x}:${jwk.y}`;
  let pair = keys.get(cacheKey);
  if (!pair) {
    pair = {
      privateKey: (await importJWK(jwk, ACCESS_TOKEN_ALGORITHM)) as CryptoKey,
      publicKey: (await importJWK(publicJwkOf(jwk), ACCESS_TOKEN_ALGORITHM)) as CryptoKey,
    };
    keys.set(cacheKey, pair);
  }
  return pair;
}

/** The public half, as the JWKS publishes it. */
export function publicJwkOf(jwk: SigningJwk): PublicSigningKey {
  const { kty, crv, x, y, kid } = jwk;
  return { kty, crv, x, y, kid, alg: ACCESS_TOKEN_ALGORITHM, use: "sig" };
}

/** What the JWKS publishes: the current key and, during a rotation, the next one. */
export function publishedKeysOf(keys: SigningKeys): PublicSigningKey[] {
  return [keys.current, ...(keys.next ? [keys.next] : [])].map(publicJwkOf);
}

/** The key a token names by `kid`, among those we accept; null for any other (or none). */
function verifyingKeyOf(keys: SigningKeys, token: string): SigningJwk | null {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  return [keys.current, keys.next].find((jwk) => jwk && jwk.kid === kid) ?? null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function issueAccessToken(
  jwk: SigningJwk,
  claims: AccessClaims,
  now: Date,
): Promise<string> {
  const { privateKey } = await keysOf(jwk);
  const newsroom =
    claims.role && claims.role !== "reader"
      ? { [ROLE_CLAIM]: claims.role, [NEWSROOM_VERIFIED_CLAIM]: claims.newsroomVerified === true }
      : {};
  return new SignJWT({ sid: claims.sessionId, name: claims.displayName, ...newsroom })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: jwk.kid, typ: "JWT" })
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(claims.accountId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + ACCESS_TOKEN_SECONDS)
    .sign(privateKey);
}

/**
 * The claims of a valid token, or null: bad signature, other algorithm, wrong iss/aud, expired,
 * or a `kid` that is neither the current key nor the next one (a retired key's tokens).
 */
export async function verifyAccessToken(
  keys: SigningKeys,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const jwk = verifyingKeyOf(keys, token);
  if (!jwk) return null;
  const { publicKey } = await keysOf(jwk);
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ["sub", "sid", "exp", "iat"],
    });
    const { sub, sid, name } = payload;
    if (typeof sub !== "string" || typeof sid !== "string") return null;
    return { accountId: sub, sessionId: sid, displayName: typeof name === "string" ? name : "" };
  } catch {
    return null;
  }
}
