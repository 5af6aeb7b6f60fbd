import type { Context } from "hono";
import type { Database } from "../../db/database.ts";
import { afterAnswer } from "../after-answer.ts";
import type { AppEnv } from "../app-env.ts";
import type { WorkerConfig } from "../worker-config.ts";
import type { QueuedEmail } from "./email-queue.ts";
import { HttpMailer } from "./http-mailer.ts";
import { MailDeliveryError, type EmailMessage, type Mailer } from "./mailer.ts";
import { OutboxMailer } from "./outbox-mailer.ts";

/** Development (and tests) keep mail in the D1 outbox; production sends it. */
export function mailerFor(config: WorkerConfig, db: Database): Mailer {
  if (config.ENVIRONMENT === "development") return new OutboxMailer(db);
  if (!config.EMAIL_API_URL || !config.EMAIL_API_TOKEN) {
    // Retried, not given up on: the operator can still set the secrets (docs/email.md).
    const missing = new MailDeliveryError("EMAIL_API_URL and EMAIL_API_TOKEN are not set", false);
    return { send: () => Promise.reject(missing) };
  }
  return new HttpMailer({
    url: config.EMAIL_API_URL,
    token: config.EMAIL_API_TOKEN,
    from: config.EMAIL_FROM,
  });
}

/**
 * Puts the email on the email queue (`EMAIL_QUEUE`); the queue consumer (email-consumer.ts)
 * delivers it through `mailerFor`, retries and dead-letters it. The send happens after the
 * answer (`afterAnswer`), so whether an email went out does not change how long a request
 * takes; a failure is logged (`email_enqueue_failed`) without the message (it may hold a link)
 * and never changes the answer.
 */
export function deliverEmail(c: Context<AppEnv>, message: EmailMessage): Promise<void> {
  const queued: QueuedEmail = { v: 1, ...message, requestId: c.get("requestId") };
  return afterAnswer(c, "email_enqueue_failed", async () => {
    const queue = c.env.EMAIL_QUEUE as Queue<QueuedEmail> | undefined;
    if (!queue) throw new Error("the EMAIL_QUEUE binding is missing (wrangler.toml)");
    await queue.send(queued, { contentType: "json" });
  });
}
