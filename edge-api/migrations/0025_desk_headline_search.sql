-- Hand-written (drizzle-kit cannot express FTS5), decision 0009 (issue 19): the story desk's
-- headline filter finds its stories through a trigram index of headlines, an FTS5 table whose
-- content is `articles` itself (only the index is stored), instead of testing every row's
-- headline along the list's index. Triggers keep it in step with every write, as
-- `article_search`'s do (0002).
CREATE VIRTUAL TABLE `article_headlines` USING fts5(
	headline,
	tokenize = 'trigram',
	content = 'articles',
	content_rowid = 'id'
);
--> statement-breakpoint
INSERT INTO `article_headlines` (`article_headlines`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `articles_headlines_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO `article_headlines` (rowid, headline) VALUES (new.id, new.headline);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_headlines_update` AFTER UPDATE OF headline ON `articles` BEGIN
	INSERT INTO `article_headlines` (`article_headlines`, rowid, headline) VALUES ('delete', old.id, old.headline);
	INSERT INTO `article_headlines` (rowid, headline) VALUES (new.id, new.headline);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_headlines_delete` AFTER DELETE ON `articles` BEGIN
	INSERT INTO `article_headlines` (`article_headlines`, rowid, headline) VALUES ('delete', old.id, old.headline);
END;
