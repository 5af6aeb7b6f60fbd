import { logError } from "../api-log.ts";
import type { Context } from "hono";
import type { Database } from "../../db/database.ts";
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
 * delivers it through `mailerFor`, retries and dead-letters it. In production the send happens
 * after the answer, so whether an email went out does not change how long a request takes. In
 * development it is awaited. A failure is logged without the message (it may hold a link) and
 * never changes the answer.
 */
export async function deliverEmail(c: Context<AppEnv>, message: EmailMessage): Promise<void> {
  const requestId = c.get("requestId");
  const queued: QueuedEmail = { v: 1, ...message, requestId };
  const queue = c.env.EMAIL_QUEUE as Queue<QueuedEmail> | undefined;
  const sending = (
    queue
      ? queue.send(queued, { contentType: "json" })
      : Promise.reject(new Error("the EMAIL_QUEUE binding is missing (wrangler.toml)"))
  ).catch((error: unknown) => {
    logError("email_enqueue_failed", requestId, {
      subject: message.subject,
      detail: String(error),
    });
  });
  const ctx = c.var.config.ENVIRONMENT === "development" ? undefined : executionContextOf(c);
  if (ctx) ctx.waitUntil(sending);
  else await sending;
}

function executionContextOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined; // app.request() without a context, as in some tests
  }
}
