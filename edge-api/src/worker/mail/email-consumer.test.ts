import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../../wrangler.toml?raw";
import { listDeadLetters, suppressAddress } from "../../db/mail-queries.ts";
import { call, db, newEmail, outboxFor, insertAccount } from "../../test/account-helpers.ts";
import { consumeBatch, type InlineEmailQueue } from "../../test/inline-email-queue.ts";
import { OutboxMailer } from "./outbox-mailer.ts";
import { HttpMailer } from "./http-mailer.ts";
import {
  EMAIL_DEAD_LETTER_QUEUE,
  EMAIL_MAX_RETRIES,
  EMAIL_QUEUE,
  retryDelaySeconds,
  type QueuedEmail,
} from "./email-queue.ts";

const queued = (to: string, subject = "Reset your password"): QueuedEmail => ({
  v: 1,
  to,
  subject,
  text: "Open https://dailyedge.test/reset-password?token=abc",
  html: "<p>Open</p>",
  requestId: "req-test",
});

/** The real Postmark mailer, its provider answering `status` (and Postmark's `ErrorCode`). */
function providerAnswering(status: number, errorCode?: number) {
  const calls: RequestInit[] = [];
  const fetcher = (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    const body = errorCode === undefined ? "{}" : JSON.stringify({ ErrorCode: errorCode });
    return Promise.resolve(new Response(body, { status }));
  };
  const mailer = new HttpMailer(
    { url: "https://api.postmarkapp.com/email", token: "t", from: "Edge <no-reply@x.test>" },
    fetcher as typeof fetch,
  );
  return { calls, deps: { db, mailer, now: () => new Date("2026-11-24T12:00:00Z") } };
}

const outboxDeps = { db, mailer: new OutboxMailer(db), now: () => new Date() };

async function deadLettersTo(to: string) {
  return (await listDeadLetters(db)).filter((letter) => letter.recipient === to);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the email queue", () => {
  it("carries every email the API sends: the rendered message and the request id, nothing else", async () => {
    const email = newEmail();
    await insertAccount(email);
    const queue = env.EMAIL_QUEUE as unknown as InlineEmailQueue;
    const before = queue.sent.length;
    const answer = await call("POST", "/api/auth/forgot-password", { email });
    expect(answer.status).toBe(202);
    const sent = queue.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual([
      "html",
      "requestId",
      "subject",
      "text",
      "to",
      "v",
    ]);
    expect(sent[0]).toMatchObject({ v: 1, to: email, subject: "Reset your password" });
    expect(sent[0]?.requestId).toBe(answer.response.headers.get("x-request-id"));
  });

  it("is consumed by delivering through the mailer (the development outbox here) and acknowledged", async () => {
    const to = newEmail();
    const { result, ids } = await consumeBatch(EMAIL_QUEUE, [queued(to)]);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    const [message] = await outboxFor(to);
    expect(message).toMatchObject({ to, subject: "Reset your password" });
  });

  it("retries a provider failure (5xx) and records nothing yet", async () => {
    const failing = newEmail();
    const { deps, calls } = providerAnswering(503);
    const first = await consumeBatch(EMAIL_QUEUE, [queued(failing)], { deps });
    expect(first.result.retryMessages).toEqual([{ msgId: first.ids[0] }]);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryBatch.retry).toBe(false);
    const third = await consumeBatch(EMAIL_QUEUE, [queued(failing)], { deps, attempts: 3 });
    expect(third.result.retryMessages).toEqual([{ msgId: third.ids[0] }]);
    expect(calls).toHaveLength(2);
    expect(await deadLettersTo(failing)).toEqual([]);
  });

  it("backs off 30 s, 1, 2, 4 and 8 minutes: the last retry about 15 minutes after the first try", () => {
    // getQueueResult does not report delaySeconds, so the schedule is checked on its own.
    const delays = Array.from({ length: EMAIL_MAX_RETRIES }, (_, index) =>
      retryDelaySeconds(index + 1),
    );
    expect(delays).toEqual([30, 60, 120, 240, 480]);
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBe(930);
  });

  it("records a dead letter when the last retry fails too, and acknowledges it", async () => {
    const to = newEmail();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { deps } = providerAnswering(503);
    const last = await consumeBatch(EMAIL_QUEUE, [queued(to)], {
      deps,
      attempts: EMAIL_MAX_RETRIES + 1,
    });
    expect(last.result.explicitAcks).toEqual(last.ids);
    expect(last.result.retryMessages).toEqual([]);
    expect(await deadLettersTo(to)).toEqual([
      expect.objectContaining({
        recipient: to,
        subject: "Reset your password",
        lastError: "email API answered 503",
        attempts: EMAIL_MAX_RETRIES + 1,
        requestId: "req-test",
      }),
    ]);
    const lines = error.mock.calls.map(([line]) => String(line));
    expect(lines.some((line) => line.includes('"event":"email_dead_lettered"'))).toBe(true);
    // The log line never carries the message or its link.
    expect(lines.join("\n")).not.toContain("token=abc");
  });

  it("dead-letters a hard failure (an invalid or inactive address) at once, never retried", async () => {
    const to = newEmail();
    const { deps, calls } = providerAnswering(422, 406);
    const { result, ids } = await consumeBatch(EMAIL_QUEUE, [queued(to)], { deps });
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(await deadLettersTo(to)).toEqual([
      expect.objectContaining({
        lastError: "email API answered 422 (Postmark ErrorCode 406)",
        attempts: 1,
      }),
    ]);
  });

  it("retries what the operator can fix: a wrong token, a missing sender signature, throttling", async () => {
    for (const [status, code] of [
      [401, undefined],
      [429, undefined],
      [422, 400],
      [422, 10],
    ] as const) {
      const { deps } = providerAnswering(status, code);
      const { result } = await consumeBatch(EMAIL_QUEUE, [queued(newEmail())], { deps });
      expect(result.retryMessages, `${status} ${code}`).toHaveLength(1);
    }
  });

  it("sends nothing to a suppressed address (any email, password resets included) and logs it", async () => {
    const to = newEmail();
    await suppressAddress(db, {
      address: to,
      reason: "bounce",
      detail: "HardBounce",
      at: new Date(),
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { deps, calls } = providerAnswering(200);
    const { result, ids } = await consumeBatch(EMAIL_QUEUE, [queued(to.toUpperCase())], { deps });
    expect(result.explicitAcks).toEqual(ids);
    expect(calls).toHaveLength(0);
    expect(await outboxFor(to)).toEqual([]);
    const line = JSON.parse(String(warn.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "warn",
      event: "email_suppressed",
      requestId: "req-test",
      subject: "Reset your password",
    });
  });

  it("records what the platform moved to the dead-letter queue", async () => {
    const to = newEmail();
    const { result, ids } = await consumeBatch(EMAIL_DEAD_LETTER_QUEUE, [queued(to)], {
      deps: outboxDeps,
    });
    expect(result.explicitAcks).toEqual(ids);
    expect(await outboxFor(to)).toEqual([]);
    expect(await deadLettersTo(to)).toEqual([
      expect.objectContaining({
        lastError: expect.stringContaining("consumer did not finish") as string,
        attempts: EMAIL_MAX_RETRIES + 1,
      }),
    ]);
  });

  it("drops a body that is not an email the API wrote, with a log line", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { result, ids } = await consumeBatch(EMAIL_QUEUE, [{ to: 1 }], { deps: outboxDeps });
    expect(result.explicitAcks).toEqual(ids);
    expect(String(error.mock.calls[0]?.[0])).toContain('"event":"email_message_invalid"');
  });

  it("retries as often as wrangler.toml's consumers allow, top level and production alike", () => {
    const consumers = [
      ...wranglerToml.matchAll(
        /\[\[(?:env\.\w+\.)?queues\.consumers\]\]\s*queue = "daily-edge-email"\n([^[]*)/g,
      ),
    ].map((match) => match[1] ?? "");
    expect(consumers).toHaveLength(2);
    for (const consumer of consumers) {
      expect(consumer).toContain(`max_retries = ${EMAIL_MAX_RETRIES}\n`);
      expect(consumer).toContain('dead_letter_queue = "daily-edge-email-dlq"');
    }
  });
});
