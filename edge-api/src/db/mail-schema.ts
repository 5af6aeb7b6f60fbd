import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Email delivery (issue 14, migration 0010): emails the queue gave up on, and addresses the
 * provider told us not to write to again. drizzle-kit reads this file with the others
 * (drizzle.config.ts).
 */

/**
 * One email that was never delivered: a hard failure from the provider (at once), the last
 * retry's failure, or a message the platform moved to the dead-letter queue. The body is not
 * kept (it may hold a sign-in link); the subject says which email it was.
 */
export const emailDeadLetters = sqliteTable(
  "email_dead_letters",
  {
    id: integer("id").primaryKey(),
    /** Trimmed and lower-cased, as accounts store it. */
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    lastError: text("last_error").notNull(),
    attempts: integer("attempts").notNull(),
    /** The request that sent the email, to find its log lines. */
    requestId: text("request_id").notNull(),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("email_dead_letters_failed_at_idx").on(table.failedAt)],
);

export const suppressionReasons = ["bounce", "complaint"] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** An address that bounced for good or complained: nothing is sent to it until lifted. */
export const emailSuppressions = sqliteTable(
  "email_suppressions",
  {
    /** Trimmed and lower-cased, as accounts store it. */
    address: text("address").primaryKey(),
    reason: text("reason", { enum: suppressionReasons }).notNull(),
    /** The provider's own word for the event (e.g. Postmark's `HardBounce`), for support. */
    detail: text("detail").notNull(),
    suppressedAt: integer("suppressed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("email_suppressions_reason_known", sql`${table.reason} IN ('bounce', 'complaint')`),
    check("email_suppressions_address_lower_case", sql`${table.address} = lower(${table.address})`),
  ],
);

export type EmailDeadLetterRow = typeof emailDeadLetters.$inferSelect;
export type EmailSuppressionRow = typeof emailSuppressions.$inferSelect;
