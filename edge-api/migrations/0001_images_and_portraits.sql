CREATE TABLE `images` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`alt` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`credit` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`seed` integer NOT NULL,
	`hue` integer NOT NULL,
	CONSTRAINT "images_kind_known" CHECK("images"."kind" IN ('lead', 'portrait', 'inline')),
	CONSTRAINT "images_size_sane" CHECK("images"."width" BETWEEN 1 AND 10000 AND "images"."height" BETWEEN 1 AND 10000),
	CONSTRAINT "images_hue_range" CHECK("images"."hue" BETWEEN 0 AND 359)
);
--> statement-breakpoint
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL,
	CONSTRAINT "sections_slug_not_reserved" CHECK("__new_sections"."slug" NOT IN ('login', 'sign-up', 'forgot-password', 'reset-password', 'profile', 'todays-paper', 'authors', 'pages', 'tags', 'search', 'feeds', 'images', 'sitemaps', 'api', '_mf', '_shell', '_edge', '_fragment', 'favicon.ico', 'robots.txt', 'sitemap.xml'))
);
--> statement-breakpoint
INSERT INTO `__new_sections`("id", "slug", "name", "description", "position") SELECT "id", "slug", "name", "description", "position" FROM `sections`;--> statement-breakpoint
DROP TABLE `sections`;--> statement-breakpoint
ALTER TABLE `__new_sections` RENAME TO `sections`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE UNIQUE INDEX `sections_slug_unique` ON `sections` (`slug`);--> statement-breakpoint
ALTER TABLE `articles` ADD `lead_image_id` integer REFERENCES images(id);--> statement-breakpoint
ALTER TABLE `authors` ADD `portrait_image_id` integer REFERENCES images(id);