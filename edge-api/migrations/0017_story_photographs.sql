-- Stories use photographs (issue 16, decision 0022): a photograph from the media library as a
-- story's lead. An added column, no rebuild (see 0008).
ALTER TABLE `articles` ADD `lead_media_id` text REFERENCES media(id);--> statement-breakpoint
-- A story's lead is an illustration or a photograph, never both (issue 16). Triggers, not a
-- CHECK: a CHECK would rebuild `articles`, and dropping it cascade-deletes its author and tag
-- links (see 0008). The story desk refuses both before it writes (the contract's refine).
CREATE TRIGGER `articles_insert_one_lead` BEFORE INSERT ON `articles` WHEN NEW.`lead_image_id` IS NOT NULL AND NEW.`lead_media_id` IS NOT NULL BEGIN SELECT RAISE(ABORT, 'articles: a lead illustration or a lead photograph, not both'); END;--> statement-breakpoint
CREATE TRIGGER `articles_update_one_lead` BEFORE UPDATE OF `lead_image_id`, `lead_media_id` ON `articles` WHEN NEW.`lead_image_id` IS NOT NULL AND NEW.`lead_media_id` IS NOT NULL BEGIN SELECT RAISE(ABORT, 'articles: a lead illustration or a lead photograph, not both'); END;
