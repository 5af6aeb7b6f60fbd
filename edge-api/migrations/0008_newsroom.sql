-- The newsroom (issue 13): staff roles, the second factor, newsroom sessions, invitations,
-- story revisions, corrections, old slugs, previews and the audit log. `articles` gains
-- columns (ALTER TABLE ADD, no rebuild: dropping it would cascade-delete its author and tag
-- links); `users.role` stays as it is and unused (roles live in `staff_members`, since
-- rebuilding `users` would cascade-delete every session).
CREATE TABLE `article_corrections` (
	`id` integer PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_corrections_article_idx` ON `article_corrections` (`article_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `article_corrections_created_idx` ON `article_corrections` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `article_revisions` (
	`id` integer PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`number` integer NOT NULL,
	`fields` text NOT NULL,
	`note` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_revisions_article_number_unique` ON `article_revisions` (`article_id`,`number`);--> statement-breakpoint
CREATE TABLE `article_slug_history` (
	`slug` text PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_slug_history_article_idx` ON `article_slug_history` (`article_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE TABLE `newsroom_sessions` (
	`family_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsroom_sessions_user_idx` ON `newsroom_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recovery_codes_code_hash_unique` ON `recovery_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `second_factors` (
	`user_id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`confirmed_at` integer,
	`last_step` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "staff_invites_role_known" CHECK("staff_invites"."role" IN ('contributor', 'editor', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_invites_token_hash_unique` ON `staff_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_invites_email_idx` ON `staff_invites` (`email`);--> statement-breakpoint
CREATE TABLE `staff_members` (
	`user_id` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "staff_members_role_known" CHECK("staff_members"."role" IN ('contributor', 'editor', 'admin'))
);
--> statement-breakpoint
CREATE TABLE `story_previews` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `story_previews_article_idx` ON `story_previews` (`article_id`);--> statement-breakpoint
ALTER TABLE `articles` ADD `submitted_at` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `unpublished_at` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `current_revision_id` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `created_at` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `seo_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `seo_description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `lead_image_alt` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `lead_image_caption` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `lead_image_credit` text;--> statement-breakpoint
CREATE INDEX `articles_updated_idx` ON `articles` (`updated_at`,`id`);--> statement-breakpoint
-- `scheduled` never went live; a scheduled story is now `published` with its future time
-- (the visibility rule and the content version make it live at that instant, with no job).
UPDATE `articles` SET `status` = 'published' WHERE `status` = 'scheduled';--> statement-breakpoint
UPDATE `articles` SET `created_at` = coalesce(`published_at`, `updated_at`) WHERE `created_at` IS NULL;--> statement-breakpoint
CREATE TRIGGER `articles_insert_refuses_scheduled` BEFORE INSERT ON `articles` WHEN NEW.`status` = 'scheduled' BEGIN SELECT RAISE(ABORT, 'articles.status scheduled is retired: store published with a future published_at'); END;--> statement-breakpoint
CREATE TRIGGER `articles_update_refuses_scheduled` BEFORE UPDATE OF `status` ON `articles` WHEN NEW.`status` = 'scheduled' BEGIN SELECT RAISE(ABORT, 'articles.status scheduled is retired: store published with a future published_at'); END;--> statement-breakpoint
CREATE TRIGGER `article_corrections_insert_bumps_content_version` AFTER INSERT ON `article_corrections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `article_corrections_update_bumps_content_version` AFTER UPDATE ON `article_corrections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `article_corrections_delete_bumps_content_version` AFTER DELETE ON `article_corrections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `article_slug_history_insert_bumps_content_version` AFTER INSERT ON `article_slug_history` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `article_slug_history_update_bumps_content_version` AFTER UPDATE ON `article_slug_history` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `article_slug_history_delete_bumps_content_version` AFTER DELETE ON `article_slug_history` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
