CREATE TABLE `email_dead_letters` (
	`id` integer PRIMARY KEY NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`last_error` text NOT NULL,
	`attempts` integer NOT NULL,
	`request_id` text NOT NULL,
	`failed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_dead_letters_failed_at_idx` ON `email_dead_letters` (`failed_at`);--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`address` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`detail` text NOT NULL,
	`suppressed_at` integer NOT NULL,
	CONSTRAINT "email_suppressions_reason_known" CHECK("email_suppressions"."reason" IN ('bounce', 'complaint')),
	CONSTRAINT "email_suppressions_address_lower_case" CHECK("email_suppressions"."address" = lower("email_suppressions"."address"))
);
