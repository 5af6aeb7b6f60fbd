DROP INDEX `articles_updated_idx`;--> statement-breakpoint
DROP INDEX `articles_status_updated_idx`;--> statement-breakpoint
DROP INDEX `articles_section_updated_idx`;--> statement-breakpoint
CREATE INDEX `articles_category_updated_idx` ON `articles` (`category_id`,`updated_at`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_updated_idx` ON `articles` (`updated_at`,`id`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_status_updated_idx` ON `articles` (`status`,`updated_at`,`id`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_section_updated_idx` ON `articles` (`section_id`,`updated_at`,`id`,`status`,`published_at`);--> statement-breakpoint
ALTER TABLE `article_authors` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `article_tags` ADD `updated_at` integer;--> statement-breakpoint
-- Hand-written below (drizzle-kit cannot express triggers), decision 0009: the link tables'
-- `updated_at` is the article's, kept by the triggers of migration 0006 (remade here to copy
-- it too), so the sitemap index reads an author's or a tag's newest change from the top of
-- its index instead of every article it links. Filled before the indexes are built.
UPDATE `article_authors` SET `updated_at` = (
	SELECT `updated_at` FROM `articles` WHERE `articles`.`id` = `article_authors`.`article_id`
);
--> statement-breakpoint
UPDATE `article_tags` SET `updated_at` = (
	SELECT `updated_at` FROM `articles` WHERE `articles`.`id` = `article_tags`.`article_id`
);
--> statement-breakpoint
CREATE INDEX `article_authors_author_updated_idx` ON `article_authors` (`author_id`,`updated_at`,`published_at`);--> statement-breakpoint
CREATE INDEX `article_tags_tag_updated_idx` ON `article_tags` (`tag_id`,`updated_at`,`published_at`);--> statement-breakpoint
DROP TRIGGER `article_authors_listed_insert`;--> statement-breakpoint
DROP TRIGGER `article_tags_listed_insert`;--> statement-breakpoint
DROP TRIGGER `articles_listed_update`;--> statement-breakpoint
CREATE TRIGGER `article_authors_listed_insert` AFTER INSERT ON `article_authors` BEGIN
	UPDATE `article_authors` SET (`published_at`, `updated_at`) = (
		SELECT CASE WHEN `status` = 'published' THEN `published_at` END, `updated_at` FROM `articles` WHERE `articles`.`id` = new.`article_id`
	) WHERE `article_id` = new.`article_id` AND `author_id` = new.`author_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `article_tags_listed_insert` AFTER INSERT ON `article_tags` BEGIN
	UPDATE `article_tags` SET (`published_at`, `updated_at`) = (
		SELECT CASE WHEN `status` = 'published' THEN `published_at` END, `updated_at` FROM `articles` WHERE `articles`.`id` = new.`article_id`
	) WHERE `article_id` = new.`article_id` AND `tag_id` = new.`tag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_listed_update` AFTER UPDATE OF `status`, `published_at`, `updated_at` ON `articles` BEGIN
	UPDATE `article_authors` SET `published_at` = CASE WHEN new.`status` = 'published' THEN new.`published_at` END, `updated_at` = new.`updated_at` WHERE `article_id` = new.`id`;
	UPDATE `article_tags` SET `published_at` = CASE WHEN new.`status` = 'published' THEN new.`published_at` END, `updated_at` = new.`updated_at` WHERE `article_id` = new.`id`;
END;
