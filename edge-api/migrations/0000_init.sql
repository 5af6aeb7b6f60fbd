CREATE TABLE `article_authors` (
	`article_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`article_id`, `author_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `authors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `article_authors_author_idx` ON `article_authors` (`author_id`);--> statement-breakpoint
CREATE TABLE `article_tags` (
	`article_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`article_id`, `tag_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `article_tags_tag_idx` ON `article_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`section_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`headline` text NOT NULL,
	`standfirst` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "articles_status_known" CHECK("articles"."status" IN ('draft', 'scheduled', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_slug_unique` ON `articles` (`slug`);--> statement-breakpoint
CREATE INDEX `articles_status_published_id_idx` ON `articles` (`status`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `articles_category_published_idx` ON `articles` (`category_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `articles_section_published_idx` ON `articles` (`section_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `authors` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `authors_slug_unique` ON `authors` (`slug`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`section_id` integer NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_section_slug_unique` ON `categories` (`section_id`,`slug`);--> statement-breakpoint
CREATE TABLE `pages` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_slug_unique` ON `pages` (`slug`);--> statement-breakpoint
CREATE TABLE `print_editions` (
	`id` integer PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`published_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `print_editions_date_unique` ON `print_editions` (`date`);--> statement-breakpoint
CREATE TABLE `print_pages` (
	`id` integer PRIMARY KEY NOT NULL,
	`edition_id` integer NOT NULL,
	`book` text NOT NULL,
	`book_name` text NOT NULL,
	`number` integer NOT NULL,
	FOREIGN KEY (`edition_id`) REFERENCES `print_editions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `print_pages_edition_book_number_unique` ON `print_pages` (`edition_id`,`book`,`number`);--> statement-breakpoint
CREATE TABLE `print_placements` (
	`id` integer PRIMARY KEY NOT NULL,
	`page_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`order` integer NOT NULL,
	`print_headline` text NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `print_pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `print_placements_page_idx` ON `print_placements` (`page_id`);--> statement-breakpoint
CREATE INDEX `print_placements_article_idx` ON `print_placements` (`article_id`);--> statement-breakpoint
CREATE TABLE `sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL,
	CONSTRAINT "sections_slug_not_reserved" CHECK("sections"."slug" NOT IN ('login', 'sign-up', 'forgot-password', 'reset-password', 'profile', 'todays-paper', 'authors', 'pages', 'tags', 'search', 'feeds', 'api', '_mf', '_shell', '_edge', '_fragment', 'favicon.ico', 'robots.txt', 'sitemap.xml'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sections_slug_unique` ON `sections` (`slug`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_slug_unique` ON `tags` (`slug`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`role` text DEFAULT 'reader' NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_known" CHECK("users"."role" IN ('reader', 'editor'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);