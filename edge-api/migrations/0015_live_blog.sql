CREATE TABLE `live_blogs` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`updated_by` text,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "live_blogs_state_known" CHECK("live_blogs"."state" IN ('live', 'ended')),
	CONSTRAINT "live_blogs_ended_when_ended" CHECK(("live_blogs"."state" = 'ended') = ("live_blogs"."ended_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `live_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`body` text NOT NULL,
	`key_event` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_updates_article_id_idx` ON `live_updates` (`article_id`,`id`);
--> statement-breakpoint
-- Every start, end, post, edit and delete shows on the cached article: each moves the content version (issue 7).
CREATE TRIGGER `live_blogs_insert_bumps_content_version` AFTER INSERT ON `live_blogs` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `live_blogs_update_bumps_content_version` AFTER UPDATE ON `live_blogs` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `live_blogs_delete_bumps_content_version` AFTER DELETE ON `live_blogs` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `live_updates_insert_bumps_content_version` AFTER INSERT ON `live_updates` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `live_updates_update_bumps_content_version` AFTER UPDATE ON `live_updates` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `live_updates_delete_bumps_content_version` AFTER DELETE ON `live_updates` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
