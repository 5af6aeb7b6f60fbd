ALTER TABLE `import_jobs` ADD `run_token` text;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `lease_until` integer;