import { logError } from "../api-log.ts";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { HttpMailer } from "./http-mailer.ts";
import type { EmailMessage, Mailer } from "./mailer.ts";
import { OutboxMailer } from "./outbox-mailer.ts";

/** Development (and tests) keep mail in the D1 outbox; production sends it. */
export function mailerOf(c: Context<AppEnv>): Mailer {
  const { config, db } = c.var;
  if (config.ENVIRONMENT === "development") return new OutboxMailer(db);
  if (!config.EMAIL_API_URL || !config.EMAIL_API_TOKEN) {
    return {
      send: () => Promise.reject(new Error("EMAIL_API_URL and EMAIL_API_TOKEN are not set")),
    };
  }
  return new HttpMailer({
    url: config.EMAIL_API_URL,
    token: config.EMAIL_API_TOKEN,
    from: config.EMAIL_FROM,
  });
}

/**
 * In production, sends after the answer (so whether an email went out does not change how
 * long a request takes). In development the outbox write is awaited, so a test or a person
 * reading the outbox right after the answer finds the message. A failure is logged without the
 * message (it may hold a link) and never changes the answer.
 */
export async function deliverEmail(c: Context<AppEnv>, message: EmailMessage): Promise<void> {
  const requestId = c.get("requestId");
  const sending = mailerOf(c)
    .send(message)
    .catch((error: unknown) => {
      logError("email_failed", requestId, { detail: String(error) });
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
