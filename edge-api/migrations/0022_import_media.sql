CREATE TABLE `import_media` (
	`origin` text NOT NULL,
	`url` text NOT NULL,
	`media_id` text NOT NULL,
	`imported_at` integer NOT NULL,
	PRIMARY KEY(`origin`, `url`),
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_media_media_idx` ON `import_media` (`media_id`);