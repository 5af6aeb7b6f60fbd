/**
 * Test-only helpers shared by the shell Worker's tests: a signing key pair standing in for the
 * API's, access tokens signed with it, and an environment whose bindings are fakes.
 */
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from "edge-api/auth-types";
import { NEWSROOM_VERIFIED_CLAIM, ROLE_CLAIM } from "edge-api/contract/newsroom";
import { parseSetCookie } from "cookie";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import type { ServiceBinding, ShellEnv } from "../worker/shell-env.ts";

export const ORIGIN = "https://daily-edge.example";

/** What an access token may say besides who it is (issue 13): a role and the second factor. */
export interface TestClaims {
  role?: string;
  /** The session passed the newsroom's second factor (the `nsv` claim). */
  newsroomVerified?: boolean;
}

export interface TestSigner {
  /** What the fake API answers on `/api/auth/jwks`. */
  jwks: unknown;
  /** An access token for an account holder called `name`, with a role and `nsv` if given. */
  accessToken(name: string, expiresIn?: string, claims?: TestClaims): Promise<string>;
}

/** `kid` names the key, so tests of a key rotation can hold two signers at once. */
export async function createTestSigner(kid = "test-key"): Promise<TestSigner> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwks = {
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" }],
  };
  return {
    jwks,
    accessToken: (name, expiresIn = "10m", claims = {}) =>
      new SignJWT({
        name,
        sid: "session-1",
        ...(claims.role === undefined ? {} : { [ROLE_CLAIM]: claims.role }),
        ...(claims.newsroomVerified === undefined
          ? {}
          : { [NEWSROOM_VERIFIED_CLAIM]: claims.newsroomVerified }),
      })
        .setProtectedHeader({ alg: "ES256", kid })
        .setSubject("account-1")
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey),
  };
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** A shell environment: one binding for every fragment, the given API, a fixed shell build. */
export function testEnv(
  fragment: ServiceBinding,
  api: ServiceBinding,
  extra: Partial<ShellEnv> = {},
): ShellEnv {
  return {
    ASSETS: {
      async fetch() {
        return json({ buildId: "shell0build1", stylesheets: [], builtAt: "x" });
      },
    },
    CONTENT: fragment,
    ACCOUNT: fragment,
    PAPER: fragment,
    API: api,
    PUBLIC_ORIGIN: ORIGIN,
    FRAGMENT_TIMEOUT_MS: "1000",
    PUBLICATION_TIME_ZONE: "Europe/London",
    PUBLICATION_NAME: "The Daily Edge",
    ...extra,
  };
}

/** Set-Cookie lines as attributes, so the check does not depend on their order. */
export function sessionCookiesOf(lines: string[]) {
  return lines.map((line) => parseSetCookie(line));
}

/** A `__Host-` session cookie as SECURITY 10 wants it. */
export function hostCookie(name: string, value: string, maxAge: number) {
  return { name, value, path: "/", secure: true, httpOnly: true, sameSite: "lax", maxAge };
}
