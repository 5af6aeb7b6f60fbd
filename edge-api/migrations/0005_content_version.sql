-- Every write to published content moves content_version.counter (edge cache keys, issue 7).
CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`counter` integer NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK("content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO `content_version` (`id`, `counter`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `sections_insert_bumps_content_version` AFTER INSERT ON `sections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sections_update_bumps_content_version` AFTER UPDATE ON `sections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `sections_delete_bumps_content_version` AFTER DELETE ON `sections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_insert_bumps_content_version` AFTER INSERT ON `categories` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_update_bumps_content_version` AFTER UPDATE ON `categories` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_delete_bumps_content_version` AFTER DELETE ON `categories` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `images_insert_bumps_content_version` AFTER INSERT ON `images` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `images_update_bumps_content_version` AFTER UPDATE ON `images` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `images_delete_bumps_content_version` AFTER DELETE ON `images` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `authors_insert_bumps_content_version` AFTER INSERT ON `authors` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `authors_update_bumps_content_version` AFTER UPDATE ON `authors` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `authors_delete_bumps_content_version` AFTER DELETE ON `authors` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tags_insert_bumps_content_version` AFTER INSERT ON `tags` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tags_update_bumps_content_version` AFTER UPDATE ON `tags` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `tags_delete_bumps_content_version` AFTER DELETE ON `tags` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `articles_insert_bumps_content_version` AFTER INSERT ON `articles` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `articles_update_bumps_content_version` AFTER UPDATE ON `articles` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `articles_delete_bumps_content_version` AFTER DELETE ON `articles` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `article_authors_insert_bumps_content_version` AFTER INSERT ON `article_authors` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `article_authors_update_bumps_content_version` AFTER UPDATE ON `article_authors` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `article_authors_delete_bumps_content_version` AFTER DELETE ON `article_authors` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `article_tags_insert_bumps_content_version` AFTER INSERT ON `article_tags` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `article_tags_update_bumps_content_version` AFTER UPDATE ON `article_tags` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `article_tags_delete_bumps_content_version` AFTER DELETE ON `article_tags` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pages_insert_bumps_content_version` AFTER INSERT ON `pages` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pages_update_bumps_content_version` AFTER UPDATE ON `pages` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `pages_delete_bumps_content_version` AFTER DELETE ON `pages` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_editions_insert_bumps_content_version` AFTER INSERT ON `print_editions` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_editions_update_bumps_content_version` AFTER UPDATE ON `print_editions` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_editions_delete_bumps_content_version` AFTER DELETE ON `print_editions` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_pages_insert_bumps_content_version` AFTER INSERT ON `print_pages` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_pages_update_bumps_content_version` AFTER UPDATE ON `print_pages` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_pages_delete_bumps_content_version` AFTER DELETE ON `print_pages` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_placements_insert_bumps_content_version` AFTER INSERT ON `print_placements` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_placements_update_bumps_content_version` AFTER UPDATE ON `print_placements` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `print_placements_delete_bumps_content_version` AFTER DELETE ON `print_placements` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
