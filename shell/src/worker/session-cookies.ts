import { parseCookie, stringifySetCookie, type Cookies } from "cookie";
import type { ClientInfo } from "edge-api/client";
import type { SessionChange } from "../contract/fragment-contract.ts";

export const ACCESS_COOKIE = "__Host-access";
export const REFRESH_COOKIE = "__Host-refresh";
/**
 * The browser's device token (OWASP's device cookie, issue 14): set at login, kept for a year
 * and through sign-outs, sent only to the account fragment. Failed logins from browsers
 * without one wait first, so strangers cannot lock the account's owner out.
 */
export const DEVICE_COOKIE = "__Host-device";

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
  const cookies = [
    sessionCookie(ACCESS_COOKIE, change.accessToken, change.accessMaxAge),
    sessionCookie(REFRESH_COOKIE, change.refreshToken, change.refreshMaxAge),
  ];
  if (change.device) {
    if (!TOKEN_VALUE.test(change.device.token)) throw new Error("device token must be cookie-safe");
    cookies.push(sessionCookie(DEVICE_COOKIE, change.device.token, change.device.maxAge));
  }
  return cookies;
}

/** The device token the browser sent, when it looks like one (anything else is no token). */
export function deviceTokenOf(cookies: Cookies): string | undefined {
  const token = cookies[DEVICE_COOKIE];
  return token && token.length <= 128 && TOKEN_VALUE.test(token) ? token : undefined;
}

/** The reader as the account fragment sees them: address, browser and device token. */
export function withDeviceToken(request: { client: ClientInfo; cookies: Cookies }): ClientInfo {
  const deviceToken = deviceTokenOf(request.cookies);
  return deviceToken === undefined ? request.client : { ...request.client, deviceToken };
}
