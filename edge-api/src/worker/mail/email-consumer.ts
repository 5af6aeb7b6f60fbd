import { createDatabase, type Database } from "../../db/database.ts";
import { isSuppressed, recordDeadLetter } from "../../db/mail-queries.ts";
import { logError, logWarn } from "../api-log.ts";
import { readWorkerConfig } from "../worker-config.ts";
import { mailerFor } from "./deliver-email.ts";
import {
  EMAIL_DEAD_LETTER_QUEUE,
  EMAIL_MAX_RETRIES,
  EMAIL_QUEUE,
  queuedEmailSchema,
  retryDelaySeconds,
  type QueuedEmail,
} from "./email-queue.ts";
import { MailDeliveryError, type Mailer } from "./mailer.ts";

/** What the consumer works with; tests give it a mailer whose provider fails. */
export interface ConsumerDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
}

/** edge-api's `queue()` handler (api-worker.ts): the mailer of the Worker's configuration. */
export async function consumeEmailQueue(batch: MessageBatch, env: Env): Promise<void> {
  const config = readWorkerConfig(env);
  const db = createDatabase(env.DB);
  await handleEmailBatch(batch, { db, mailer: mailerFor(config, db), now: () => new Date() });
}

/**
 * Delivers the email queue's messages and records what the dead-letter queue receives. Each
 * message is acknowledged or retried on its own, so one failure never sends the rest of a
 * batch twice.
 */
export async function handleEmailBatch(batch: MessageBatch, deps: ConsumerDeps): Promise<void> {
  if (batch.queue === EMAIL_QUEUE) {
    for (const message of batch.messages) await deliverQueued(message, deps);
  } else if (batch.queue === EMAIL_DEAD_LETTER_QUEUE) {
    for (const message of batch.messages) await recordPlatformDeadLetter(message, deps);
  } else {
    logError("queue_unknown", "", { queue: batch.queue });
    batch.retryAll();
  }
}

/** The body as the producer wrote it, or null (logged) for anything else. */
function readQueued(message: Message): QueuedEmail | null {
  const parsed = queuedEmailSchema.safeParse(message.body);
  if (parsed.success) return parsed.data;
  logError("email_message_invalid", "", { messageId: message.id });
  return null;
}

async function deliverQueued(message: Message, deps: ConsumerDeps): Promise<void> {
  const email = readQueued(message);
  if (!email) return message.ack(); // never deliverable: retrying cannot help
  const { requestId, subject } = email;
  try {
    if (await isSuppressed(deps.db, email.to)) {
      logWarn("email_suppressed", requestId, { subject });
      return message.ack();
    }
    await deps.mailer.send(email);
    message.ack();
  } catch (error) {
    const permanent = error instanceof MailDeliveryError && error.permanent;
    const detail = error instanceof Error ? error.message : String(error);
    if (permanent || message.attempts > EMAIL_MAX_RETRIES) {
      await deadLetter(message, email, detail, message.attempts, deps);
      return;
    }
    const delaySeconds = retryDelaySeconds(message.attempts);
    logError("email_failed", requestId, {
      subject,
      attempt: message.attempts,
      retryInSeconds: delaySeconds,
      detail,
    });
    message.retry({ delaySeconds });
  }
}

/** Records the email as undelivered and acknowledges it; retried if even that fails. */
async function deadLetter(
  message: Message,
  email: QueuedEmail,
  lastError: string,
  attempts: number,
  deps: ConsumerDeps,
): Promise<void> {
  const { requestId, subject } = email;
  try {
    await recordDeadLetter(deps.db, {
      recipient: email.to,
      subject,
      lastError: lastError.slice(0, 500),
      attempts,
      requestId,
      failedAt: deps.now(),
    });
    logError("email_dead_lettered", requestId, { subject, attempts, detail: lastError });
    message.ack();
  } catch (error) {
    logError("email_dead_letter_failed", requestId, { subject, detail: String(error) });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/**
 * The platform moves a message here when the consumer itself failed on every attempt (it
 * threw, or ran out of time) before recording anything: the error is in the log lines of the
 * request id, not in the message.
 */
async function recordPlatformDeadLetter(message: Message, deps: ConsumerDeps): Promise<void> {
  const email = readQueued(message);
  if (!email) return message.ack();
  const lastError = "the email consumer did not finish (see the log lines of this request id)";
  await deadLetter(message, email, lastError, EMAIL_MAX_RETRIES + 1, deps);
}
