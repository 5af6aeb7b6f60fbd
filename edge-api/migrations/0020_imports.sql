CREATE TABLE `import_items` (
	`origin` text NOT NULL,
	`kind` text NOT NULL,
	`source_id` text NOT NULL,
	`target_id` integer NOT NULL,
	`imported_at` integer NOT NULL,
	PRIMARY KEY(`origin`, `kind`, `source_id`)
);
--> statement-breakpoint
CREATE TABLE `legacy_redirects` (
	`path` text PRIMARY KEY NOT NULL,
	`article_id` integer,
	`page_id` integer,
	`origin` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "legacy_redirects_one_target" CHECK(("legacy_redirects"."article_id" IS NULL) <> ("legacy_redirects"."page_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `legacy_redirects_article_idx` ON `legacy_redirects` (`article_id`);--> statement-breakpoint
CREATE INDEX `legacy_redirects_page_idx` ON `legacy_redirects` (`page_id`);