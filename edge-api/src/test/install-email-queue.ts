import { env } from "cloudflare:workers";
import { InlineEmailQueue } from "./inline-email-queue.ts";

// Runs before each test file: the API's EMAIL_QUEUE becomes the inline test queue, so emails
// reach the consumer (and the outbox) before the request answers. Miniflare's real queue
// would deliver after its batch timeout, at a moment no test could wait for reliably.
(env as { EMAIL_QUEUE: Queue }).EMAIL_QUEUE = new InlineEmailQueue();
