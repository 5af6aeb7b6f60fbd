import { env } from "cloudflare:workers";
import { decodeJwt, decodeProtectedHeader } from "jose";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import {
  call,
  db,
  errorCode,
  login,
  newClientAddress,
  newEmail,
  outboxFor,
  STRONG_PASSWORD,
  tokenIn,
} from "../test/account-helpers.ts";
import { apiRequest } from "../test/api-request.ts";
import { createArticle, createDesk } from "../test/factories.ts";
import { SECOND_FACTOR } from "../test/second-factor-helpers.ts";
import { signInAs } from "../test/staff-helpers.ts";
import { issueAccessToken } from "./auth/access-tokens.ts";
import { signingJwkSchema, type SigningJwk } from "./worker-config.ts";

/**
 * SECURITY (issue 14): a missing or malformed secret fails only the requests that need it, with
 * a 503 that says what is unavailable and one `secret_unusable` log line; reading never
 * depends on the signing key or the second-factor key.
 */

const testJwk = signingJwkSchema.parse(JSON.parse(env.JWT_PRIVATE_JWK));

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

let loggedErrors: MockInstance<typeof console.error>;
beforeEach(() => {
  loggedErrors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => loggedErrors.mockRestore());

const logLines = () =>
  loggedErrors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World", position: 1 });
  await createArticle(db, { category, slug: "harbour-reopens" });
});

/** Reading: an article, the home page, a section, the feeds, the sitemap. */
const READING = [
  "/api/articles/harbour-reopens",
  "/api/home",
  "/api/sections/world",
  "/api/feeds",
  "/api/sitemap",
];

const unusableSigningKeys = [
  ["missing", { JWT_PRIVATE_JWK: undefined }, "JWT_PRIVATE_JWK"],
  ["empty", { JWT_PRIVATE_JWK: "" }, "JWT_PRIVATE_JWK"],
  ["malformed (not JSON)", { JWT_PRIVATE_JWK: "-----BEGIN PRIVATE KEY-----" }, "JWT_PRIVATE_JWK"],
  [
    "malformed (no kid)",
    { JWT_PRIVATE_JWK: JSON.stringify({ ...testJwk, kid: undefined }) },
    "JWT_PRIVATE_JWK",
  ],
  ["a malformed next key", { JWT_NEXT_PRIVATE_JWK: "{}" }, "JWT_NEXT_PRIVATE_JWK"],
  [
    "a next key with the current key's kid",
    { JWT_NEXT_PRIVATE_JWK: env.JWT_PRIVATE_JWK },
    "JWT_NEXT_PRIVATE_JWK",
  ],
] as const;

describe.each(unusableSigningKeys)("with the signing key %s", (_case, overrides, name) => {
  const reason = _case === "missing" || _case === "empty" ? "missing" : "malformed";

  it("articles, the home page, sections, feeds and the sitemap still answer 200", async () => {
    for (const path of READING) {
      const response = await apiRequest(path, undefined, overrides);
      expect(response.status, path).toBe(200);
    }
    expect(loggedErrors).not.toHaveBeenCalled();
  });

  it("logging in answers 503 saying sign-in is unavailable, and logs which secret and why", async () => {
    const reader = await signInAs("reader");
    const answer = await login(reader.email, reader.password, { overrides });
    expect(answer.status).toBe(503);
    expect(errorCode(answer.body)).toBe("service_unavailable");
    expect(answer.text).toContain("Signing in is unavailable");
    expect(answer.text).not.toMatch(/JWT|stack|at \w+ \(/);
    expect(answer.response.headers.get("cache-control")).toBe("no-store");
    const requestId = answer.response.headers.get("x-request-id");
    expect(logLines()).toContainEqual(
      expect.objectContaining({
        level: "error",
        event: "secret_unusable",
        worker: "edge-api",
        name,
        reason,
        requestId,
      }),
    );
    // The value is never logged.
    expect(JSON.stringify(logLines())).not.toContain(testJwk.d);
  });

  it("the JWKS and the account answer 503; the refresh token is not spent and works once fixed", async () => {
    const reader = await signInAs("reader");
    const jwks = await apiRequest("/api/auth/jwks", undefined, overrides);
    expect(jwks.status).toBe(503);
    const account = await call("GET", "/api/account", undefined, {
      token: reader.tokens.accessToken,
      overrides,
    });
    expect(account.status).toBe(503);
    const { refreshToken } = reader.tokens;
    const refused = await call("POST", "/api/auth/refresh", { refreshToken }, { overrides });
    expect(refused.status).toBe(503);
    // Fixed: the same refresh token renews the session (it was not rotated, nor seen as reuse).
    const renewed = await call("POST", "/api/auth/refresh", { refreshToken });
    expect(renewed.status, renewed.text).toBe(200);
  });

  it("a sign-up's emailed link answers 503 without being spent, and finishes once fixed", async () => {
    const email = newEmail("key-outage");
    const asked = await call(
      "POST",
      "/api/auth/sign-up",
      { email, displayName: "Ines Okafor", password: STRONG_PASSWORD },
      { ip: newClientAddress() },
    );
    expect(asked.status, asked.text).toBe(202);
    const token = tokenIn((await outboxFor(email))[0], "/verify-email");
    const refused = await call("POST", "/api/auth/verify-email", { token }, { overrides });
    expect(refused.status).toBe(503);
    const finished = await call("POST", "/api/auth/verify-email", { token });
    expect(finished.status, finished.text).toBe(201);
  });
});

describe("with the second-factor key missing or malformed", () => {
  const cases = [
    ["missing", { SECOND_FACTOR_KEY: undefined }],
    ["malformed", { SECOND_FACTOR_KEY: "too-short" }],
  ] as const;

  it.each(cases)("%s: reading, logging in and the account still work", async (_case, overrides) => {
    for (const path of READING) {
      expect((await apiRequest(path, undefined, overrides)).status, path).toBe(200);
    }
    const reader = await signInAs("reader");
    expect((await login(reader.email, reader.password, { overrides })).status).toBe(200);
    const account = await call("GET", "/api/account", undefined, {
      token: reader.tokens.accessToken,
      overrides,
    });
    expect(account.status).toBe(200);
  });

  it.each(cases)(
    "%s: setting up two-step verification answers 503 and logs it",
    async (reason, overrides) => {
      const editor = await signInAs("editor", { verified: false });
      const options = { token: editor.tokens.accessToken, overrides };
      // The state of the second factor needs no key.
      expect((await call("GET", SECOND_FACTOR, undefined, options)).status).toBe(200);
      const enrolment = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, options);
      expect(enrolment.status).toBe(503);
      expect(errorCode(enrolment.body)).toBe("service_unavailable");
      expect(enrolment.text).toContain("Two-step verification is unavailable");
      expect(logLines()).toContainEqual(
        expect.objectContaining({ event: "secret_unusable", name: "SECOND_FACTOR_KEY", reason }),
      );
    },
  );
});

describe("key rotation at the API (JWT_NEXT_PRIVATE_JWK)", () => {
  it("the JWKS lists the current and the next key, each with its own kid", async () => {
    const next = await newSigningJwk("next-key");
    const response = await apiRequest("/api/auth/jwks", undefined, {
      JWT_NEXT_PRIVATE_JWK: JSON.stringify(next),
    });
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: { kid: string; d?: string }[] };
    expect(keys.map((key) => key.kid)).toEqual([testJwk.kid, "next-key"]);
    expect(keys.every((key) => key.d === undefined)).toBe(true);
  });

  it("accepts a token signed by the next key; signs with the current one", async () => {
    const reader = await signInAs("reader");
    const { sub, sid } = decodeJwt(reader.tokens.accessToken);
    const next = await newSigningJwk("next-key");
    const claims = { accountId: String(sub), sessionId: String(sid), displayName: "Ines" };
    const byNext = await issueAccessToken(next, claims, new Date());
    const overrides = { JWT_NEXT_PRIVATE_JWK: JSON.stringify(next) };
    const accepted = await call("GET", "/api/account", undefined, { token: byNext, overrides });
    expect(accepted.status, accepted.text).toBe(200);
    // Without the next key configured, the same token is a stranger's.
    const refused = await call("GET", "/api/account", undefined, { token: byNext });
    expect(refused.status).toBe(401);

    const again = await login(reader.email, reader.password, { overrides });
    const { accessToken } = (again.body as { tokens: { accessToken: string } }).tokens;
    expect(decodeProtectedHeader(accessToken).kid).toBe(testJwk.kid);
  });
});
