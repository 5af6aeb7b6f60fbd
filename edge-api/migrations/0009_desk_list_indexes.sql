CREATE INDEX `articles_status_updated_idx` ON `articles` (`status`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `articles_section_updated_idx` ON `articles` (`section_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `articles_created_by_updated_idx` ON `articles` (`created_by`,`updated_at`,`id`);