CREATE TABLE `sign_up_notices` (
	`user_id` text PRIMARY KEY NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sign_up_requests` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	CONSTRAINT "sign_up_requests_email_lower_case" CHECK("sign_up_requests"."email" = lower("sign_up_requests"."email"))
);
--> statement-breakpoint
CREATE INDEX `sign_up_requests_email_idx` ON `sign_up_requests` (`email`);--> statement-breakpoint
CREATE INDEX `sign_up_requests_expires_idx` ON `sign_up_requests` (`expires_at`);