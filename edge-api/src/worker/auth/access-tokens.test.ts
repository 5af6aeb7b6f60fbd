import { env } from "cloudflare:workers";
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from "../../contract/account-contract.ts";
import { signingJwkSchema, type SigningJwk } from "../worker-config.ts";
import {
  ACCESS_TOKEN_SECONDS,
  issueAccessToken,
  publicJwkOf,
  publishedKeysOf,
  verifyAccessToken,
} from "./access-tokens.ts";

const jwk = signingJwkSchema.parse(JSON.parse(env.JWT_PRIVATE_JWK));
/** The test run's key, alone: no rotation under way. */
const keys = { current: jwk, next: null };
const claims = { accountId: "acc-1", sessionId: "sess-1", displayName: "Ines" };
const t0 = new Date("2026-03-01T12:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe("access tokens (SECURITY 11)", () => {
  it("are ES256 with kid, iss, aud, sub, sid, name and a lifetime of at most 15 minutes", async () => {
    const token = await issueAccessToken(jwk, claims, t0);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", kid: jwk.kid, typ: "JWT" });
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({
      iss: ACCESS_TOKEN_ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      sub: "acc-1",
      sid: "sess-1",
      name: "Ines",
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_SECONDS);
    expect(ACCESS_TOKEN_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(JSON.stringify(payload)).not.toMatch(/@|password|hash/i);
  });

  it("verify until they expire, on an injected clock", async () => {
    const token = await issueAccessToken(jwk, claims, t0);
    expect(await verifyAccessToken(keys, token, at(0))).toEqual(claims);
    expect(await verifyAccessToken(keys, token, at(ACCESS_TOKEN_SECONDS - 1))).toEqual(claims);
    expect(await verifyAccessToken(keys, token, at(ACCESS_TOKEN_SECONDS + 1))).toBeNull();
  });

  it("refuse alg none, HS256 signed with the public key, other issuers, audiences and keys", async () => {
    const token = await issueAccessToken(jwk, claims, t0);
    const [header, body] = token.split(".");
    const none = `${base64url.encode(JSON.stringify({ alg: "none", kid: jwk.kid }))}.${body}.`;
    expect(await verifyAccessToken(keys, none, t0)).toBeNull();

    const publicAsSecret = new TextEncoder().encode(JSON.stringify({ x: jwk.x, y: jwk.y }));
    const hs = await new SignJWT({ sid: "sess-1" })
      .setProtectedHeader({ alg: "HS256", kid: jwk.kid })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setSubject("acc-1")
      .setIssuedAt(Math.floor(t0.getTime() / 1000))
      .setExpirationTime(Math.floor(t0.getTime() / 1000) + 60)
      .sign(publicAsSecret);
    expect(await verifyAccessToken(keys, hs, t0)).toBeNull();

    const tampered = `${header}.${base64url.encode(JSON.stringify({ ...decodeJwt(token), sub: "acc-2" }))}.${token.split(".")[2]}`;
    expect(await verifyAccessToken(keys, tampered, t0)).toBeNull();

    const other = await newSigningJwk(jwk.kid);
    const forged = await issueAccessToken(other, claims, t0);
    expect(await verifyAccessToken(keys, forged, t0)).toBeNull();

    const wrongKid = signingJwkSchema.parse({ ...jwk, kid: "another-kid" });
    expect(
      await verifyAccessToken(keys, await issueAccessToken(wrongKid, claims, t0), t0),
    ).toBeNull();
  });
});

async function newSigningJwk(kid: string): Promise<SigningJwk> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  return signingJwkSchema.parse({
    ...(await crypto.subtle.exportKey("jwk", pair.privateKey)),
    kid,
  });
}

describe("key rotation (JWT_NEXT_PRIVATE_JWK)", () => {
  it("publishes the current key alone, then the current and the next with their own kids", async () => {
    expect(publishedKeysOf(keys)).toEqual([publicJwkOf(jwk)]);
    const next = await newSigningJwk("next-key");
    const published = publishedKeysOf({ current: jwk, next });
    expect(published.map((key) => key.kid)).toEqual([jwk.kid, "next-key"]);
    expect(JSON.stringify(published)).not.toContain('"d"');
  });

  it("accepts tokens signed by the current or the next key, and no longer a retired one", async () => {
    const next = await newSigningJwk("next-key");
    const rotating = { current: jwk, next };
    const byCurrent = await issueAccessToken(jwk, claims, t0);
    const byNext = await issueAccessToken(next, claims, t0);
    expect(await verifyAccessToken(rotating, byCurrent, t0)).toEqual(claims);
    expect(await verifyAccessToken(rotating, byNext, t0)).toEqual(claims);
    // Promoted: the next key signs, the old one stays accepted as "next" until its tokens expire.
    expect(await verifyAccessToken({ current: next, next: jwk }, byCurrent, t0)).toEqual(claims);
    // Retired: its tokens are refused (the shell renews them with the refresh token).
    expect(await verifyAccessToken({ current: next, next: null }, byCurrent, t0)).toBeNull();
  });
});
