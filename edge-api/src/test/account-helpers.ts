import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDatabase } from "../db/database.ts";
import { listOutboxMessages } from "../db/outbox-queries.ts";
import { users, type OutboxRow } from "../db/account-schema.ts";
import type { AccountView, TokenPair } from "../contract/account-contract.ts";
import { apiRequest } from "./api-request.ts";

export const db = createDatabase(env.DB);
export const PUBLIC_ORIGIN = "https://dailyedge.test";

/** An account row for `email`, written straight to D1 (no sign-up, no email sent). */
export async function insertAccount(email: string): Promise<void> {
  await db.insert(users).values({
    id: crypto.randomUUID(),
    email,
    displayName: "Ines",
    passwordHash: "x",
    createdAt: new Date(),
  });
}
export const STRONG_PASSWORD = "correct horse battery staple 🐎";
export const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";

let counter = 0;
/** A fresh address per call, so tests in one file do not share rate-limit counters. */
export const newEmail = (label = "reader") => `${label}-${++counter}-${Date.now()}@example.com`;

export interface CallOptions {
  token?: string;
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  overrides?: Record<string, unknown>;
}

/** A JSON call as the shell makes it: address, browser and (optionally) access token. */
export async function call(
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<{ status: number; body: unknown; text: string; response: Response }> {
  const headers: Record<string, string> = {
    "cf-connecting-ip": options.ip ?? "203.0.113.7",
    "user-agent": options.userAgent ?? FIREFOX,
    ...options.headers,
  };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const response = await apiRequest(path, init, options.overrides);
  const text = await response.clone().text();
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, text, response };
}

export interface SignedUp {
  email: string;
  password: string;
  tokens: TokenPair;
  account: AccountView;
}

let addresses = 0;
/** A fresh client address, so sign-ups in one file do not share the per-address limit. */
export const newClientAddress = () =>
  `198.51.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

/**
 * Signs up and opens the emailed link, as a reader does (issue 14): the account exists, with
 * its address verified, and this client is signed in.
 */
export async function signUp(
  email = newEmail(),
  password = STRONG_PASSWORD,
  displayName = "Ines Okafor",
  options: CallOptions = {},
): Promise<SignedUp> {
  const asked = await call(
    "POST",
    "/api/auth/sign-up",
    { email, displayName, password },
    { ip: newClientAddress(), ...options },
  );
  expect(asked.status, asked.text).toBe(202);
  const [mail] = await outboxFor(email.trim().toLowerCase());
  const token = tokenIn(mail, "/verify-email");
  const answer = await call("POST", "/api/auth/verify-email", { token }, options);
  expect(answer.status, answer.text).toBe(201);
  const body = answer.body as { tokens: TokenPair; account: AccountView };
  return { email: body.account.email, password, ...body };
}

export async function login(email: string, password: string, options: CallOptions = {}) {
  return call("POST", "/api/auth/login", { email, password }, options);
}

/** An ended session: its access token and its refresh token are both refused at once. */
export async function expectSessionEnded(tokens: TokenPair): Promise<void> {
  const account = await call("GET", "/api/account", undefined, { token: tokens.accessToken });
  expect(account.status).toBe(401);
  const refreshed = await call("POST", "/api/auth/refresh", { refreshToken: tokens.refreshToken });
  expect(refreshed.status).toBe(401);
}

export const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

export function outboxFor(to: string): Promise<OutboxRow[]> {
  return listOutboxMessages(db, to);
}

/** The token of the first link to `page` in a message. */
export function tokenIn(message: OutboxRow | undefined, page: string): string {
  const match = new RegExp(`${PUBLIC_ORIGIN}${page}\\?token=([A-Za-z0-9_-]+)`).exec(
    message?.text ?? "",
  );
  if (!match?.[1]) throw new Error(`no ${page} link in ${message?.subject ?? "no message"}`);
  return match[1];
}

export async function clearRateLimits(): Promise<void> {
  await env.DB.exec("DELETE FROM rate_limits");
}
