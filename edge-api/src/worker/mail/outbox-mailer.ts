import type { Database } from "../../db/database.ts";
import { insertOutboxMessage } from "../../db/outbox-queries.ts";
import type { EmailMessage, Mailer } from "./mailer.ts";

/** Keeps every message in the D1 outbox, readable at /_dev/outbox and by tests. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await insertOutboxMessage(this.db, { ...message, createdAt: this.clock() });
  }
}
