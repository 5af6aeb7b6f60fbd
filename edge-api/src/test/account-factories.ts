import type {
  AccountExportAnswer,
  AccountView,
  DeviceToken,
  SavedArticle,
  SavedStateAnswer,
  SessionView,
  TokenPair,
  VerifyEmailAnswer,
} from "../contract/account-contract.ts";
import { anArticleCard } from "./content-factories.ts";

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

/**
 * `POST /api/auth/verify-email`: a sign-up's link signs in (201, tokens) and hands back the
 * sign-up's `next` (issue 15); an older account's link answers no tokens and `next: null`.
 */
export function aVerifyEmailAnswer(overrides: Partial<VerifyEmailAnswer> = {}): VerifyEmailAnswer {
  return { account: anAccount(), tokens: aTokenPair(), next: null, ...overrides };
}

/** `GET /api/account/saved/:slug` (issue 15). */
export function aSavedState(saved = true): SavedStateAnswer {
  return { saved };
}

export function aSavedArticle(overrides: Partial<SavedArticle> = {}): SavedArticle {
  return { article: anArticleCard(), savedAt: "2026-11-20T08:30:00.000Z", ...overrides };
}

/** `GET /api/account/export`, "Download your data" (issue 15). */
export function anAccountExport(overrides: Partial<AccountExportAnswer> = {}): AccountExportAnswer {
  return {
    exportedAt: "2026-11-25T09:00:00.000Z",
    account: anAccount(),
    sessions: [aSession()],
    savedArticles: [aSavedArticle()],
    ...overrides,
  };
}
