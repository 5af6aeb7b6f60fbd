import type {
  AccountView,
  DeviceToken,
  SessionView,
  TokenPair,
} from "../contract/account-contract.ts";

/** Account answers as the API serves them; each test overrides only what it asserts on. */

export function aTokenPair(suffix = "1"): TokenPair {
  return {
    accessToken: `access.jwt.${suffix}`,
    accessExpiresIn: 900,
    refreshToken: `refresh-${suffix}`,
    refreshExpiresIn: 2_592_000,
  };
}

/** A login's device token (43 base64url characters, a year). */
export function aDeviceToken(suffix = "1"): DeviceToken {
  return { token: `device-token-${suffix}`.padEnd(43, "x"), expiresIn: 31_536_000 };
}

export function anAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: "acc_1",
    email: "ada@example.com",
    displayName: "Ada Reader",
    emailVerified: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function aSession(overrides: Partial<SessionView> = {}): SessionView {
  return {
    id: "6f1c2a9e-0000-4000-8000-000000000001",
    device: "Firefox on Linux",
    createdAt: "2026-11-01T10:00:00.000Z",
    lastUsedAt: "2026-11-21T10:00:00.000Z",
    current: true,
    ...overrides,
  };
}
