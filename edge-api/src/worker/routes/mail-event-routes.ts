import { Hono } from "hono";
import { suppressAddress } from "../../db/mail-queries.ts";
import { logError, logWarn } from "../api-log.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { readMailEvent } from "../mail/mail-events.ts";

/**
 * The mail provider's webhook (issue 14): bounces and complaints suppress an address. Not an
 * account route: the provider proves itself with the shared secret MAIL_WEBHOOK_SECRET as
 * `Authorization: Bearer …`. The shell forwards `POST /_mail/events` here (docs/email.md).
 */
export const mailEventRoutes = new Hono<AppEnv>().post("/events", async (c) => {
  const requestId = c.get("requestId");
  const secret = (c.env as { MAIL_WEBHOOK_SECRET?: string }).MAIL_WEBHOOK_SECRET;
  if (!secret) {
    logError("mail_webhook_secret_missing", requestId, {
      detail: "MAIL_WEBHOOK_SECRET is not set: every mail event is refused (docs/email.md)",
    });
    throw new ApiError("unauthorized", "This webhook is not configured.");
  }
  const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  if (!(await sameSecret(given, secret))) {
    throw new ApiError("unauthorized", "The webhook secret does not match.");
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text()) as unknown;
  } catch {
    throw new ApiError("invalid_request", "The body must be JSON.");
  }
  const reading = readMailEvent(body);
  if (!reading.ok) {
    throw new ApiError(
      reading.problem === "malformed" ? "invalid_request" : "unsupported_event",
      reading.message,
    );
  }
  const { event } = reading;
  if (event.kind === "ignore") {
    logWarn("mail_event_ignored", requestId, { detail: event.detail });
    return c.json({ suppressed: false }, 200);
  }
  await suppressAddress(c.var.db, {
    address: event.email,
    reason: event.reason,
    detail: event.detail,
    at: c.var.now,
  });
  logWarn("email_address_suppressed", requestId, { reason: event.reason, detail: event.detail });
  return c.json({ suppressed: true }, 200);
});

/** Compares digests, so neither the secret's length nor its first different byte shows. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all(
    [given, expected].map((value) => crypto.subtle.digest("SHA-256", encoder.encode(value))),
  );
  return crypto.subtle.timingSafeEqual(a as ArrayBuffer, b as ArrayBuffer);
}
