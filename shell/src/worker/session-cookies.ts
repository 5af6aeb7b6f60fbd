import { parseCookie, stringifySetCookie, type Cookies } from "cookie";
import type { SessionChange } from "../contract/fragment-contract.ts";

export const ACCESS_COOKIE = "__Host-access";
export const REFRESH_COOKIE = "__Host-refresh";

export type { Cookies };

/** The request's cookies, parsed once per request (the `cookie` package; the first value wins). */
export function readCookies(request: Request): Cookies {
  const header = request.headers.get("cookie");
  return header ? parseCookie(header) : {};
}

export function hasSessionCookie(cookies: Cookies): boolean {
  return cookies[ACCESS_COOKIE] !== undefined || cookies[REFRESH_COOKIE] !== undefined;
}

function sessionCookie(name: string, value: string, maxAge: number): string {
  // `__Host-`: Secure, Path=/ and no Domain, so no other host or path can shadow it (SECURITY 10).
  return stringifySetCookie(
    { name, value, path: "/", secure: true, httpOnly: true, sameSite: "lax", maxAge },
    // Tokens are checked to be cookie-safe below; they are written as they are.
    { encode: (text) => text },
  );
}

const TOKEN_VALUE = /^[A-Za-z0-9._~-]+$/;

/** The Set-Cookie headers for a session change; tokens that are not cookie-safe are refused. */
export function sessionCookies(change: SessionChange): string[] {
  if (change.kind === "clear") {
    return [sessionCookie(ACCESS_COOKIE, "", 0), sessionCookie(REFRESH_COOKIE, "", 0)];
  }
  if (!TOKEN_VALUE.test(change.accessToken) || !TOKEN_VALUE.test(change.refreshToken)) {
    throw new Error("session tokens must be cookie-safe");
  }
  return [
    sessionCookie(ACCESS_COOKIE, change.accessToken, change.accessMaxAge),
    sessionCookie(REFRESH_COOKIE, change.refreshToken, change.refreshMaxAge),
  ];
}
