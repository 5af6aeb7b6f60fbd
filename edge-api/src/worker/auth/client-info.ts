import type { Context } from "hono";
import { describeDevice } from "../../domain/device-name.ts";

/**
 * The reader's address as Cloudflare reports it. `X-Forwarded-For` and friends are set by
 * the client and never trusted (SECURITY 5); the shell forwards `cf-connecting-ip`.
 */
export function clientAddress(c: Context): string {
  const address = c.req.header("cf-connecting-ip")?.trim();
  return address && address.length <= 64 ? address : "unknown";
}

export function clientDevice(c: Context): string {
  return describeDevice(c.req.header("user-agent"));
}
