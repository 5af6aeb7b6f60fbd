import type { SessionChange } from "../contract/fragment-contract.ts";

export const ACCESS_COOKIE = "__Host-access";
export const REFRESH_COOKIE = "__Host-refresh";

/** Reads a Cookie header into a map; later duplicates never override the first value. */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function cookie(name: string, value: string, maxAge: number): string {
  // `__Host-`: Secure, Path=/ and no Domain, so no other host or path can shadow it.
  return `${name}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;
}

const TOKEN_VALUE = /^[A-Za-z0-9._~-]+$/;

/** The Set-Cookie headers for a session change; tokens that are not cookie-safe are refused. */
export function sessionCookies(change: SessionChange): string[] {
  if (change.kind === "clear") {
    return [cookie(ACCESS_COOKIE, "", 0), cookie(REFRESH_COOKIE, "", 0)];
  }
  if (!TOKEN_VALUE.test(change.accessToken) || !TOKEN_VALUE.test(change.refreshToken)) {
    throw new Error("session tokens must be cookie-safe");
  }
  return [
    cookie(ACCESS_COOKIE, change.accessToken, change.accessMaxAge),
    cookie(REFRESH_COOKIE, change.refreshToken, change.refreshMaxAge),
  ];
}
