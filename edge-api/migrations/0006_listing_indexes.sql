DROP INDEX `article_authors_author_idx`;--> statement-breakpoint
ALTER TABLE `article_authors` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `article_authors_author_published_idx` ON `article_authors` (`author_id`,`published_at`,`article_id`);--> statement-breakpoint
DROP INDEX `article_tags_tag_idx`;--> statement-breakpoint
ALTER TABLE `article_tags` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `article_tags_tag_published_idx` ON `article_tags` (`tag_id`,`published_at`,`article_id`);--> statement-breakpoint
CREATE INDEX `articles_id_visibility_idx` ON `articles` (`id`,`status`,`published_at`);--> statement-breakpoint
-- Hand-written below (drizzle-kit cannot express triggers): the link tables' `published_at`
-- is the article's `published_at` while its status is 'published', null otherwise. Author and
-- tag listings walk the indexes above newest first; triggers keep the copy in step with every
-- write, so no write path can forget it.
UPDATE `article_authors` SET `published_at` = (
	SELECT CASE WHEN `status` = 'published' THEN `published_at` END FROM `articles` WHERE `articles`.`id` = `article_authors`.`article_id`
);
--> statement-breakpoint
UPDATE `article_tags` SET `published_at` = (
	SELECT CASE WHEN `status` = 'published' THEN `published_at` END FROM `articles` WHERE `articles`.`id` = `article_tags`.`article_id`
);
--> statement-breakpoint
CREATE TRIGGER `article_authors_listed_insert` AFTER INSERT ON `article_authors` BEGIN
	UPDATE `article_authors` SET `published_at` = (
		SELECT CASE WHEN `status` = 'published' THEN `published_at` END FROM `articles` WHERE `articles`.`id` = new.`article_id`
	) WHERE `article_id` = new.`article_id` AND `author_id` = new.`author_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `article_tags_listed_insert` AFTER INSERT ON `article_tags` BEGIN
	UPDATE `article_tags` SET `published_at` = (
		SELECT CASE WHEN `status` = 'published' THEN `published_at` END FROM `articles` WHERE `articles`.`id` = new.`article_id`
	) WHERE `article_id` = new.`article_id` AND `tag_id` = new.`tag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_listed_update` AFTER UPDATE OF `status`, `published_at` ON `articles` BEGIN
	UPDATE `article_authors` SET `published_at` = CASE WHEN new.`status` = 'published' THEN new.`published_at` END WHERE `article_id` = new.`id`;
	UPDATE `article_tags` SET `published_at` = CASE WHEN new.`status` = 'published' THEN new.`published_at` END WHERE `article_id` = new.`id`;
END;
