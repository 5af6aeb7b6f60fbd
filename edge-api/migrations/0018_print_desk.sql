CREATE TABLE `print_desk` (
	`id` integer PRIMARY KEY NOT NULL,
	`template` text NOT NULL,
	`template_revision` integer DEFAULT 1 NOT NULL,
	`template_updated_at` integer,
	`template_updated_by` text,
	`no_edition_weekdays` text NOT NULL,
	`no_edition_dates` text NOT NULL,
	`settings_revision` integer DEFAULT 1 NOT NULL,
	`settings_updated_at` integer,
	`settings_updated_by` text,
	FOREIGN KEY (`template_updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`settings_updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "print_desk_single_row" CHECK("print_desk"."id" = 1),
	CONSTRAINT "print_desk_revisions_positive" CHECK("print_desk"."template_revision" >= 1 AND "print_desk"."settings_revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE `print_editions` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `print_editions` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `print_editions` ADD `revision` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `print_editions` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `print_placements` ADD `is_lead` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `print_placements` ADD `edition_id` integer;--> statement-breakpoint
-- Existing placements take their page's edition; every page's first story was its lead.
UPDATE `print_placements` SET `edition_id` = (SELECT `edition_id` FROM `print_pages` WHERE `print_pages`.`id` = `print_placements`.`page_id`);--> statement-breakpoint
UPDATE `print_placements` SET `is_lead` = 1 WHERE `order` = 1;--> statement-breakpoint
CREATE UNIQUE INDEX `print_placements_edition_article_unique` ON `print_placements` (`edition_id`,`article_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `print_placements_one_lead_per_page` ON `print_placements` (`page_id`) WHERE "print_placements"."is_lead" = 1;--> statement-breakpoint
-- A placement's edition is its page's: filled when an insert leaves it out, refused when wrong.
CREATE TRIGGER `print_placements_fill_edition` AFTER INSERT ON `print_placements` WHEN NEW.`edition_id` IS NULL BEGIN UPDATE `print_placements` SET `edition_id` = (SELECT `edition_id` FROM `print_pages` WHERE `id` = NEW.`page_id`) WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `print_placements_check_edition_insert` BEFORE INSERT ON `print_placements` WHEN NEW.`edition_id` IS NOT NULL AND NEW.`edition_id` IS NOT (SELECT `edition_id` FROM `print_pages` WHERE `id` = NEW.`page_id`) BEGIN SELECT RAISE(ABORT, 'print_placements.edition_id must be its page''s edition'); END;
--> statement-breakpoint
CREATE TRIGGER `print_placements_check_edition_update` BEFORE UPDATE OF `page_id`, `edition_id` ON `print_placements` WHEN NEW.`edition_id` IS NOT (SELECT `edition_id` FROM `print_pages` WHERE `id` = NEW.`page_id`) BEGIN SELECT RAISE(ABORT, 'print_placements.edition_id must be its page''s edition'); END;
--> statement-breakpoint
-- An edition is planned or published; nothing else.
CREATE TRIGGER `print_editions_status_insert` BEFORE INSERT ON `print_editions` WHEN NEW.`status` NOT IN ('planned', 'published') BEGIN SELECT RAISE(ABORT, 'print_editions.status must be planned or published'); END;
--> statement-breakpoint
CREATE TRIGGER `print_editions_status_update` BEFORE UPDATE OF `status` ON `print_editions` WHEN NEW.`status` NOT IN ('planned', 'published') BEGIN SELECT RAISE(ABORT, 'print_editions.status must be planned or published'); END;
--> statement-breakpoint
-- The desk's one row: the books the seed prints (seed/seed-editions.ts), no Sunday paper.
INSERT INTO `print_desk` (`id`, `template`, `no_edition_weekdays`, `no_edition_dates`) VALUES (1, '[{"letter":"A","name":"News","pageCount":8},{"letter":"B","name":"Business","pageCount":2},{"letter":"C","name":"Culture","pageCount":2},{"letter":"D","name":"Sport","pageCount":2}]', '["sunday"]', '[]');
--> statement-breakpoint
-- The no-edition days decide readers' "no paper on ..." answers: a change moves the content version.
CREATE TRIGGER `print_desk_update_bumps_content_version` AFTER UPDATE ON `print_desk` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
