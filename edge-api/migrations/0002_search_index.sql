-- Full-text search over articles (drizzle-kit cannot express FTS5, so this one is hand-written).
-- One row per article, rowid = articles.id. The body column holds the plain text of the
-- body blocks (no JSON keys, no image addresses). Triggers keep it in step with every write,
-- so no write path can forget it; visibility is checked at query time against `articles`.
CREATE VIRTUAL TABLE `article_search` USING fts5(
	headline,
	standfirst,
	body,
	tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_search_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO `article_search` (rowid, headline, standfirst, body) VALUES (
		new.id,
		new.headline,
		new.standfirst,
		(SELECT coalesce(group_concat(value, ' '), '') FROM json_tree(CASE WHEN json_valid(new.body) THEN new.body ELSE '[]' END) WHERE type = 'text' AND key NOT IN ('type', 'src'))
	);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_update` AFTER UPDATE OF headline, standfirst, body ON `articles` BEGIN
	DELETE FROM `article_search` WHERE rowid = old.id;
	INSERT INTO `article_search` (rowid, headline, standfirst, body) VALUES (
		new.id,
		new.headline,
		new.standfirst,
		(SELECT coalesce(group_concat(value, ' '), '') FROM json_tree(CASE WHEN json_valid(new.body) THEN new.body ELSE '[]' END) WHERE type = 'text' AND key NOT IN ('type', 'src'))
	);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_delete` AFTER DELETE ON `articles` BEGIN
	DELETE FROM `article_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO `article_search` (rowid, headline, standfirst, body)
	SELECT id, headline, standfirst, (SELECT coalesce(group_concat(value, ' '), '') FROM json_tree(CASE WHEN json_valid(articles.body) THEN articles.body ELSE '[]' END) WHERE type = 'text' AND key NOT IN ('type', 'src'))
	FROM `articles`;
