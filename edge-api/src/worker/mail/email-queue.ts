import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../../domain/email-address.ts";

/** The queue every email goes through, and where the platform puts what it gave up on. */
export const EMAIL_QUEUE = "daily-edge-email";
export const EMAIL_DEAD_LETTER_QUEUE = "daily-edge-email-dlq";

/**
 * Retries after the first attempt. Equal to `max_retries` of the consumer in wrangler.toml
 * (email-queue.test.ts checks): the consumer records the last failure itself on the final
 * attempt, so the platform's dead-letter queue only sees messages the consumer could not finish.
 */
export const EMAIL_MAX_RETRIES = 5;

/** 30 s, 1, 2, 4, 8 min: the last retry happens about 15 minutes after the first try. */
export function retryDelaySeconds(attempts: number): number {
  return 30 * 2 ** Math.max(0, Math.min(attempts, EMAIL_MAX_RETRIES) - 1);
}

/**
 * What a queue message holds: the rendered email (its link token included, which the email
 * must carry anyway) and the sending request's id for the log. No account id, no password,
 * no other secret (docs/email.md).
 */
export const queuedEmailSchema = z.object({
  v: z.literal(1),
  to: z.string().min(3).max(MAX_EMAIL_LENGTH),
  subject: z.string().min(1).max(500),
  text: z.string(),
  html: z.string(),
  requestId: z.string().max(200),
});

export type QueuedEmail = z.infer<typeof queuedEmailSchema>;
