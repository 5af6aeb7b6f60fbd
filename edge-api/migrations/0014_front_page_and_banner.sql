CREATE TABLE `breaking_banner` (
	`id` integer PRIMARY KEY NOT NULL,
	`headline` text NOT NULL,
	`link` text NOT NULL,
	`active` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "breaking_banner_single_row" CHECK("breaking_banner"."id" = 1),
	CONSTRAINT "breaking_banner_headline_length" CHECK(length("breaking_banner"."headline") BETWEEN 1 AND 140)
);
--> statement-breakpoint
CREATE TABLE `front_page` (
	`id` integer PRIMARY KEY NOT NULL,
	`revision` integer NOT NULL,
	`curation` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "front_page_single_row" CHECK("front_page"."id" = 1),
	CONSTRAINT "front_page_revision_positive" CHECK("front_page"."revision" >= 1)
);
--> statement-breakpoint
-- Curation and the banner show on every page: each write moves the content version (issue 7).
CREATE TRIGGER `front_page_insert_bumps_content_version` AFTER INSERT ON `front_page` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `front_page_update_bumps_content_version` AFTER UPDATE ON `front_page` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `front_page_delete_bumps_content_version` AFTER DELETE ON `front_page` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `breaking_banner_insert_bumps_content_version` AFTER INSERT ON `breaking_banner` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `breaking_banner_update_bumps_content_version` AFTER UPDATE ON `breaking_banner` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `breaking_banner_delete_bumps_content_version` AFTER DELETE ON `breaking_banner` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
