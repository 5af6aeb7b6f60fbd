CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`system` text NOT NULL,
	`file_name` text NOT NULL,
	`file_key` text NOT NULL,
	`bytes` integer NOT NULL,
	`rules` text NOT NULL,
	`status` text NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`report` text NOT NULL,
	`error` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "import_jobs_system" CHECK("import_jobs"."system" IN ('ghost', 'wordpress')),
	CONSTRAINT "import_jobs_status" CHECK("import_jobs"."status" IN ('checked', 'queued', 'running', 'done', 'failed')),
	CONSTRAINT "import_jobs_progress" CHECK("import_jobs"."done" >= 0 AND "import_jobs"."total" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `import_jobs_file_key_unique` ON `import_jobs` (`file_key`);--> statement-breakpoint
CREATE INDEX `import_jobs_created_idx` ON `import_jobs` (`created_at`);