-- Reserved section slugs are enforced in code, derived from the shell's route table
-- (src/domain/section-slugs.ts, decision 0011), so a new top-level route needs no migration.
-- SQLite cannot drop a CHECK: the table is rebuilt. On a populated D1 the categories and
-- articles that reference sections must survive the DROP: foreign keys stay on and their
-- checks are deferred to the end of the migration's transaction (D1 ignores
-- `foreign_keys = OFF` inside one), by which time every id is back. No table references
-- sections with ON DELETE CASCADE, so the DROP's implicit delete removes nothing else.
-- Dropping the table drops its index and its content-version triggers (0005): both come back.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_sections`("id", "slug", "name", "description", "position") SELECT "id", "slug", "name", "description", "position" FROM `sections`;--> statement-breakpoint
DROP TABLE `sections`;--> statement-breakpoint
ALTER TABLE `__new_sections` RENAME TO `sections`;--> statement-breakpoint
CREATE UNIQUE INDEX `sections_slug_unique` ON `sections` (`slug`);--> statement-breakpoint
CREATE TRIGGER `sections_insert_bumps_content_version` AFTER INSERT ON `sections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `sections_update_bumps_content_version` AFTER UPDATE ON `sections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
CREATE TRIGGER `sections_delete_bumps_content_version` AFTER DELETE ON `sections` BEGIN UPDATE `content_version` SET `counter` = `counter` + 1 WHERE `id` = 1; END;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
