-- A second full-text index holding only the newest 5,000 articles (rowid > newest id - 5000),
-- hand-written like 0002. Search ranks the newest matches with FTS5's bm25(), which first counts
-- every row of its table matching each term; over the whole archive that count grows with it
-- (about 3 ms at 100,000 articles for a word in most of them). A query whose window fills from
-- this index ranks here; any other uses `article_search` (edge-api/src/db/search-queries.ts,
-- docs/decisions/0009). Triggers keep it in step with every write, as for `article_search`.
CREATE VIRTUAL TABLE `article_search_recent` USING fts5(
	headline,
	standfirst,
	body,
	tokenize = 'porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_search_recent_insert` AFTER INSERT ON `articles` BEGIN
	INSERT INTO `article_search_recent` (rowid, headline, standfirst, body) VALUES (
		new.id,
		new.headline,
		new.standfirst,
		(SELECT coalesce(group_concat(value, ' '), '') FROM json_tree(CASE WHEN json_valid(new.body) THEN new.body ELSE '[]' END) WHERE type = 'text' AND key NOT IN ('type', 'src'))
	);
	DELETE FROM `article_search_recent` WHERE rowid <= new.id - 5000;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_recent_update` AFTER UPDATE OF headline, standfirst, body ON `articles` BEGIN
	DELETE FROM `article_search_recent` WHERE rowid = old.id;
	INSERT INTO `article_search_recent` (rowid, headline, standfirst, body)
		SELECT
			new.id,
			new.headline,
			new.standfirst,
			(SELECT coalesce(group_concat(value, ' '), '') FROM json_tree(CASE WHEN json_valid(new.body) THEN new.body ELSE '[]' END) WHERE type = 'text' AND key NOT IN ('type', 'src'))
		WHERE new.id > (SELECT max(`id`) FROM `articles`) - 5000;
END;
--> statement-breakpoint
CREATE TRIGGER `articles_search_recent_delete` AFTER DELETE ON `articles` BEGIN
	DELETE FROM `article_search_recent` WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO `article_search_recent` (rowid, headline, standfirst, body)
	SELECT rowid, headline, standfirst, body FROM `article_search`
	WHERE rowid > (SELECT coalesce(max(`id`), 0) FROM `articles`) - 5000;
