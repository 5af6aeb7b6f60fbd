CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`r2_key` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`alt` text NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`credit` text DEFAULT '' NOT NULL,
	`focal_x` real DEFAULT 0.5 NOT NULL,
	`focal_y` real DEFAULT 0.5 NOT NULL,
	`crop_wide_x` integer,
	`crop_wide_y` integer,
	`crop_wide_width` integer,
	`crop_wide_height` integer,
	`crop_square_x` integer,
	`crop_square_y` integer,
	`crop_square_width` integer,
	`crop_square_height` integer,
	`crop_portrait_x` integer,
	`crop_portrait_y` integer,
	`crop_portrait_width` integer,
	`crop_portrait_height` integer,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "media_format_known" CHECK("media"."format" IN ('jpeg', 'png', 'webp', 'avif')),
	CONSTRAINT "media_size_sane" CHECK("media"."width" BETWEEN 1 AND 12000 AND "media"."height" BETWEEN 1 AND 12000 AND "media"."bytes" >= 1),
	CONSTRAINT "media_focal_range" CHECK("media"."focal_x" BETWEEN 0 AND 1 AND "media"."focal_y" BETWEEN 0 AND 1),
	CONSTRAINT "media_crop_wide_inside" CHECK(("media"."crop_wide_x" IS NULL AND "media"."crop_wide_y" IS NULL AND "media"."crop_wide_width" IS NULL AND "media"."crop_wide_height" IS NULL) OR ("media"."crop_wide_x" >= 0 AND "media"."crop_wide_y" >= 0 AND "media"."crop_wide_width" >= 1 AND "media"."crop_wide_height" >= 1 AND "media"."crop_wide_x" + "media"."crop_wide_width" <= "media"."width" AND "media"."crop_wide_y" + "media"."crop_wide_height" <= "media"."height")),
	CONSTRAINT "media_crop_square_inside" CHECK(("media"."crop_square_x" IS NULL AND "media"."crop_square_y" IS NULL AND "media"."crop_square_width" IS NULL AND "media"."crop_square_height" IS NULL) OR ("media"."crop_square_x" >= 0 AND "media"."crop_square_y" >= 0 AND "media"."crop_square_width" >= 1 AND "media"."crop_square_height" >= 1 AND "media"."crop_square_x" + "media"."crop_square_width" <= "media"."width" AND "media"."crop_square_y" + "media"."crop_square_height" <= "media"."height")),
	CONSTRAINT "media_crop_portrait_inside" CHECK(("media"."crop_portrait_x" IS NULL AND "media"."crop_portrait_y" IS NULL AND "media"."crop_portrait_width" IS NULL AND "media"."crop_portrait_height" IS NULL) OR ("media"."crop_portrait_x" >= 0 AND "media"."crop_portrait_y" >= 0 AND "media"."crop_portrait_width" >= 1 AND "media"."crop_portrait_height" >= 1 AND "media"."crop_portrait_x" + "media"."crop_portrait_width" <= "media"."width" AND "media"."crop_portrait_y" + "media"."crop_portrait_height" <= "media"."height")),
	CONSTRAINT "media_revision_positive" CHECK("media"."revision" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_r2_key_unique` ON `media` (`r2_key`);--> statement-breakpoint
CREATE INDEX `media_created_idx` ON `media` (`created_at`,`id`);--> statement-breakpoint
-- A variant's address carries the media revision, so an edit must re-render the pages that show it (issue 7).
CREATE TRIGGER `media_insert_bumps_content_version` AFTER INSERT ON `media` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `media_update_bumps_content_version` AFTER UPDATE ON `media` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `media_delete_bumps_content_version` AFTER DELETE ON `media` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;
