import { z } from "zod";
import type { SuppressionReason } from "../../db/mail-schema.ts";
import { MAX_EMAIL_LENGTH } from "../../domain/email-address.ts";

/**
 * Bounce and complaint events from the mail provider, in two shapes (docs/email.md):
 *
 * - the site's own, provider-neutral one, for any provider put behind a small relay:
 *   `{ "type": "bounce" | "complaint", "email": "…", "detail"?: "…" }` (a `bounce` here
 *   means a permanent one);
 * - Postmark's bounce and spam-complaint webhooks as Postmark posts them (`RecordType`
 *   `Bounce` or `SpamComplaint`), since Postmark is the provider http-mailer.ts speaks.
 */
export type MailEvent =
  | { kind: "suppress"; reason: SuppressionReason; email: string; detail: string }
  /** A bounce that is not permanent (Postmark's soft bounces, auto-replies…): noted, no more. */
  | { kind: "ignore"; detail: string };

export type MailEventReading =
  | { ok: true; event: MailEvent }
  | { ok: false; problem: "malformed" | "unknown_type"; message: string };

const email = z.string().trim().min(3).max(MAX_EMAIL_LENGTH).includes("@");
const detail = z.string().trim().min(1).max(100);

const neutralEvent = z.object({ type: z.string(), email, detail: detail.optional() });

const postmarkEvent = z.object({
  RecordType: z.string(),
  Type: detail.optional(),
  Email: email,
  Inactive: z.boolean().optional(),
});

/**
 * Postmark bounce types that mean "never deliverable" even when Postmark did not deactivate
 * the address. Postmark sets `Inactive` on the hard ones itself; both are honoured.
 */
const POSTMARK_PERMANENT_BOUNCES = new Set([
  "HardBounce",
  "BadEmailAddress",
  "SpamComplaint",
  "ManuallyDeactivated",
]);

const suppress = (reason: SuppressionReason, email: string, detail: string): MailEvent => ({
  kind: "suppress",
  reason,
  email,
  detail,
});
const malformed = (message: string): MailEventReading => ({
  ok: false,
  problem: "malformed",
  message,
});
const unknownType = (type: string): MailEventReading => ({
  ok: false,
  problem: "unknown_type",
  message: `Events of type "${type.slice(0, 40)}" are not handled: only bounces and complaints.`,
});

export function readMailEvent(body: unknown): MailEventReading {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return malformed("The event must be a JSON object.");
  if ("RecordType" in body) return readPostmarkEvent(body);
  const parsed = neutralEvent.safeParse(body);
  if (!parsed.success)
    return malformed('The event needs "type" and "email" (or Postmark\'s "RecordType").');
  const { type, email: address } = parsed.data;
  if (type !== "bounce" && type !== "complaint") return unknownType(type);
  return { ok: true, event: suppress(type, address, parsed.data.detail ?? type) };
}

function readPostmarkEvent(body: object): MailEventReading {
  const parsed = postmarkEvent.safeParse(body);
  if (!parsed.success) return malformed('A Postmark event needs "RecordType" and "Email".');
  const { RecordType: recordType, Type: type, Email: address, Inactive: inactive } = parsed.data;
  if (recordType === "SpamComplaint") {
    return { ok: true, event: suppress("complaint", address, recordType) };
  }
  if (recordType !== "Bounce") return unknownType(recordType);
  const bounceType = type ?? "Unknown";
  if (inactive === true || POSTMARK_PERMANENT_BOUNCES.has(bounceType)) {
    return { ok: true, event: suppress("bounce", address, bounceType) };
  }
  return { ok: true, event: { kind: "ignore", detail: bounceType } };
}
