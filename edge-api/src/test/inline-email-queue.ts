import {
  createExecutionContext,
  createMessageBatch,
  getQueueResult,
  type QueueResult,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import {
  consumeEmailQueue,
  handleEmailBatch,
  type ConsumerDeps,
} from "../worker/mail/email-consumer.ts";
import { EMAIL_QUEUE, type QueuedEmail } from "../worker/mail/email-queue.ts";

let nextId = 0;

/**
 * Runs edge-api's real `queue()` handler on `bodies` as one batch from `queue`, each message on
 * its `attempts`-th delivery, and answers what it acknowledged and retried. `deps` replaces the
 * Worker's own database, mailer and clock (e.g. a mailer whose provider fails).
 */
export async function consumeBatch(
  queue: string,
  bodies: unknown[],
  options: { attempts?: number; deps?: ConsumerDeps } = {},
): Promise<{ result: QueueResult; ids: string[] }> {
  const messages = bodies.map((body) => ({
    id: `test-${++nextId}`,
    timestamp: Date.now(),
    attempts: options.attempts ?? 1,
    body,
  }));
  const batch = createMessageBatch(queue, messages);
  const ctx = createExecutionContext();
  await (options.deps ? handleEmailBatch(batch, options.deps) : consumeEmailQueue(batch, env));
  return { result: await getQueueResult(batch, ctx), ids: messages.map(({ id }) => id) };
}

const noMetrics = { backlogCount: 0, backlogBytes: 0 };

/**
 * The tests' `EMAIL_QUEUE`: keeps what the API sent and hands each message at once to the real
 * consumer (first delivery), so a test reads the outbox right after a request, as before the
 * queue. Retries and dead letters are tested by driving `consumeBatch` directly.
 */
export class InlineEmailQueue implements Queue<QueuedEmail> {
  readonly sent: QueuedEmail[] = [];

  metrics(): Promise<QueueMetrics> {
    return Promise.resolve(noMetrics);
  }

  async send(body: QueuedEmail): Promise<QueueSendResponse> {
    this.sent.push(body);
    await consumeBatch(EMAIL_QUEUE, [body]);
    return { metadata: { metrics: noMetrics } };
  }

  async sendBatch(
    messages: Iterable<MessageSendRequest<QueuedEmail>>,
  ): Promise<QueueSendBatchResponse> {
    const bodies = [...messages].map(({ body }) => body);
    this.sent.push(...bodies);
    await consumeBatch(EMAIL_QUEUE, bodies);
    return { metadata: { metrics: noMetrics } };
  }
}
