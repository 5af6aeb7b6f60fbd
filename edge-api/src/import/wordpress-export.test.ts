import { describe, expect, it } from "vitest";
import {
  aWordPressExport,
  inChunks,
  WORDPRESS_SITE_URL,
  wordPressItems,
} from "../test/import-exports.ts";
import type { WxrItem } from "../test/import-exports.ts";
import { ImportFileError } from "./import-file.ts";
import type { ImportSource, SourcePost } from "./import-model.ts";
import { parseWordPressExport } from "./wordpress-export.ts";

function postById(source: ImportSource, id: string): SourcePost {
  const post = source.posts.find((candidate) => candidate.sourceId === id);
  if (post === undefined) throw new Error(`no post ${id}`);
  return post;
}

async function refusal(read: () => Promise<unknown>): Promise<ImportFileError> {
  try {
    await read();
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error("the file was not refused");
}

function withItems(...extra: WxrItem[]): string {
  return aWordPressExport({ items: [...wordPressItems(), ...extra] });
}

async function* slowly(text: string): AsyncGenerator<string> {
  for (const chunk of inChunks(text, 97)) {
    await Promise.resolve();
    yield chunk;
  }
}

describe("parseWordPressExport: the publication", async () => {
  const source = await parseWordPressExport(inChunks(aWordPressExport()));

  it("reads the site's address and title", () => {
    expect(source.system).toBe("wordpress");
    expect(source.siteUrl).toBe(WORDPRESS_SITE_URL);
    expect(source.siteTitle).toBe("The Old WordPress");
  });

  it("reads the same from one string, from small chunks and from an async stream", async () => {
    const text = aWordPressExport();
    expect(await parseWordPressExport(text)).toEqual(source);
    expect(await parseWordPressExport(inChunks(text, 7))).toEqual(source);
    expect(await parseWordPressExport(slowly(text))).toEqual(source);
  });

  it("turns wp:author into authors, by id, named by their display name", () => {
    expect(source.authors).toEqual([
      { sourceId: "2", slug: "ada", name: "Ada Reporter", bio: "", jobTitle: "" },
      { sourceId: "3", slug: "ben", name: "Ben Editor", bio: "", jobTitle: "" },
    ]);
    expect(JSON.stringify(source)).not.toContain("ada@old-wp.example");
  });

  it("nests categories by their parent's nicename, two deep", () => {
    expect(source.categories).toEqual([
      { sourceId: "10", slug: "news", name: "News", parentSourceId: null },
      { sourceId: "11", slug: "politics", name: "Politics", parentSourceId: "10" },
      { sourceId: "12", slug: "elections", name: "Elections", parentSourceId: "11" },
      { sourceId: "13", slug: "sport", name: "Sport", parentSourceId: null },
    ]);
  });

  it("reads tags with their description, entities decoded", () => {
    expect(source.tags).toEqual([
      { sourceId: "20", slug: "climate", name: "Climate", description: "Weather and more." },
      { sourceId: "21", slug: "harbour", name: "Harbour & ships", description: "" },
    ]);
  });

  it("reads a published post: body as written, standfirst, date in UTC, byline, terms", () => {
    expect(postById(source, "100")).toMatchObject({
      kind: "post",
      slug: "council-votes",
      title: "Council votes on the harbour",
      html: "The council voted.\n\nA <em>close</em> vote.",
      excerpt: "The vote was close.",
      status: "published",
      publishedAt: new Date("2024-05-01T10:00:00Z"),
      createdAt: new Date("2024-05-01T10:00:00Z"),
      updatedAt: new Date("2024-05-01T10:00:00Z"),
      authorSourceIds: ["2"],
      categorySourceIds: ["12", "13"],
      tagSourceIds: ["20", "21"],
    });
  });

  it("keeps the permalink's path and ?p= as old paths", () => {
    expect(postById(source, "100").oldPaths).toEqual(["/2024/05/council-votes", "/?p=100"]);
  });

  it("takes the featured image from the attachment: its URL, alt and caption", () => {
    expect(postById(source, "100").featureImage).toEqual({
      url: `${WORDPRESS_SITE_URL}/wp-content/uploads/2024/04/harbour.jpg`,
      alt: "Boats at dawn",
      caption: "The harbour",
    });
    expect(source.posts.some((post) => post.sourceId === "50")).toBe(false);
  });

  it("reads a page, with ?page_id= as an old path", () => {
    expect(postById(source, "101")).toMatchObject({
      kind: "page",
      slug: "about",
      status: "published",
      oldPaths: ["/about", "/?page_id=101"],
    });
  });

  it("keeps a draft a draft, makes its slug from its title, dates it by its local date", () => {
    expect(postById(source, "102")).toMatchObject({
      status: "draft",
      slug: "draft-a-story-in-progress",
      publishedAt: null,
      createdAt: new Date("2024-06-01T09:30:00Z"),
      authorSourceIds: ["3"],
      oldPaths: ["/?p=102"],
    });
  });

  it("keeps a future post scheduled at its time", () => {
    expect(postById(source, "103")).toMatchObject({
      status: "scheduled",
      publishedAt: new Date("2030-01-01T06:00:00Z"),
      categorySourceIds: ["10"],
    });
  });

  it("has no notes for the default export", () => {
    expect(source.notes).toEqual([]);
  });
});

describe("parseWordPressExport: statuses, types and terms", () => {
  it("imports pending as a draft with a note", async () => {
    const source = await parseWordPressExport(
      withItems({ id: "200", title: "Waiting", status: "pending" }),
    );
    expect(postById(source, "200").status).toBe("draft");
    expect(source.notes).toContainEqual({
      post: { sourceId: "200", title: "Waiting" },
      kind: "mapped",
      detail: expect.stringContaining("pending review"),
    });
  });

  it("does not import private or trashed posts, and says so; auto-drafts and revisions silently", async () => {
    const source = await parseWordPressExport(
      withItems(
        { id: "201", title: "Secret", status: "private" },
        { id: "202", title: "Binned", status: "trash" },
        { id: "203", title: "Auto", status: "auto-draft" },
        { id: "204", title: "Inherited", status: "inherit" },
      ),
    );
    for (const id of ["201", "202", "203", "204"]) {
      expect(source.posts.some((post) => post.sourceId === id)).toBe(false);
    }
    expect(source.notes).toEqual([
      {
        post: { sourceId: "201", title: "Secret" },
        kind: "skipped",
        detail: expect.stringContaining("private"),
      },
      {
        post: { sourceId: "202", title: "Binned" },
        kind: "skipped",
        detail: expect.stringContaining("trash"),
      },
    ]);
  });

  it("ignores menu items, revisions, blocks, templates and custom types in one note with their counts", async () => {
    const source = await parseWordPressExport(
      withItems(
        { id: "300", type: "nav_menu_item" },
        { id: "301", type: "nav_menu_item" },
        { id: "302", type: "revision", status: "inherit" },
        { id: "303", type: "product" },
        { id: "304", type: "wp_block" },
        { id: "305", type: "wp_template", slug: "single" },
        { id: "306", type: "wp_navigation" },
        { id: "307", type: "customize_changeset", status: "trash" },
        { id: "308", type: "oembed_cache" },
      ),
    );
    expect(source.posts.map((post) => post.sourceId)).toEqual(["100", "101", "102", "103"]);
    expect(source.notes).toEqual([
      {
        post: null,
        kind: "warning",
        detail:
          "Items that are not posts or pages were not imported (menus, revisions, blocks, templates, a plugin's types): " +
          "2 nav_menu_item, 1 revision, 1 product, 1 wp_block, 1 wp_template, 1 wp_navigation, 1 customize_changeset, 1 oembed_cache.",
      },
    ]);
  });

  it("adds a category or tag an item names but the channel does not list (a partial export)", async () => {
    const source = await parseWordPressExport(
      withItems({
        id: "400",
        categories: [
          { domain: "category", nicename: "weather", name: "Weather" },
          { domain: "post_tag", nicename: "storms", name: "Storms" },
          { domain: "post_format", nicename: "post-format-aside", name: "Aside" },
        ],
      }),
    );
    expect(postById(source, "400")).toMatchObject({
      categorySourceIds: ["weather"],
      tagSourceIds: ["storms"],
    });
    expect(source.categories).toContainEqual({
      sourceId: "weather",
      slug: "weather",
      name: "Weather",
      parentSourceId: null,
    });
    expect(source.tags).toContainEqual({
      sourceId: "storms",
      slug: "storms",
      name: "Storms",
      description: "",
    });
  });

  it("takes a post's bylines from Co-Authors Plus, guest authors too, in their order", async () => {
    const source = await parseWordPressExport(
      withItems(
        {
          id: "90",
          type: "guest-author",
          status: "publish",
          title: "Gwen Guest",
          slug: "cap-gwen-guest",
          meta: {
            "cap-user_login": "gwen-guest",
            "cap-display_name": "Gwen O&#8217;Guest",
            "cap-description": "<p>Writes about <em>boats</em>.</p>",
          },
        },
        {
          id: "200",
          creator: "ada",
          categories: [
            { domain: "author", nicename: "cap-ben", name: "ben" },
            { domain: "author", nicename: "cap-gwen-guest", name: "gwen-guest" },
            { domain: "author", nicename: "ada", name: "ada" },
            { domain: "author", nicename: "cap-ben", name: "ben" },
            { domain: "author", nicename: "cap-nobody", name: "nobody" },
          ],
        },
      ),
    );
    expect(postById(source, "200").authorSourceIds).toEqual(["3", "guest-author:90", "2"]);
    expect(source.authors).toContainEqual({
      sourceId: "guest-author:90",
      slug: "gwen-guest",
      name: "Gwen O\u2019Guest",
      bio: "Writes about boats.",
      jobTitle: "",
    });
    expect(source.notes).toEqual([
      {
        post: { sourceId: "200", title: "Post 200" },
        kind: "warning",
        detail:
          "Its byline (Co-Authors Plus) names nobody, not among the export's authors; left out.",
      },
    ]);
    // A post without Co-Authors Plus terms keeps its one author.
    expect(postById(source, "100").authorSourceIds).toEqual(["2"]);
  });

  it("adds an author a post names but the channel does not list", async () => {
    const source = await parseWordPressExport(withItems({ id: "401", creator: "guest" }));
    expect(postById(source, "401").authorSourceIds).toEqual(["guest"]);
    expect(source.authors).toContainEqual({
      sourceId: "guest",
      slug: "guest",
      name: "guest",
      bio: "",
      jobTitle: "",
    });
  });

  it("imports a post whose page builder left a large meta value (kept to 64 KB, not kept at all)", async () => {
    const source = await parseWordPressExport(
      withItems({ id: "403", meta: { _elementor_data: "x".repeat(300_000), _thumbnail_id: "50" } }),
    );
    expect(postById(source, "403").featureImage?.alt).toBe("Boats at dawn");
    expect(JSON.stringify(source)).not.toContain("xxxxxxxx");
  });

  it("skips a post whose title alone is over 64 KB, with a note", async () => {
    const source = await parseWordPressExport(withItems({ id: "404", title: "T".repeat(70_000) }));
    expect(source.posts.some((post) => post.sourceId === "404")).toBe(false);
    expect(source.notes).toEqual([
      {
        post: { sourceId: "404", title: "" },
        kind: "skipped",
        detail: expect.stringContaining("rss:title"),
      },
    ]);
  });

  it("notes a featured image whose attachment is not in the export", async () => {
    const source = await parseWordPressExport(
      withItems({ id: "402", title: "Lost image", meta: { _thumbnail_id: "999" } }),
    );
    expect(postById(source, "402").featureImage).toBeNull();
    expect(source.notes).toContainEqual({
      post: { sourceId: "402", title: "Lost image" },
      kind: "warning",
      detail: expect.stringContaining("attachment 999"),
    });
  });

  it("notes a category whose parent is not in the export, and puts it at the top", async () => {
    const source = await parseWordPressExport(
      aWordPressExport({
        categories: [{ id: "30", nicename: "orphan", name: "Orphan", parent: "gone" }],
      }),
    );
    expect(source.categories).toContainEqual({
      sourceId: "30",
      slug: "orphan",
      name: "Orphan",
      parentSourceId: null,
    });
    expect(source.notes).toContainEqual({
      post: null,
      kind: "warning",
      detail: expect.stringContaining('"gone"'),
    });
  });

  it("reads WordPress 5.7+'s titles, term and author names and excerpts as the HTML they are", async () => {
    const source = await parseWordPressExport(
      aWordPressExport({
        authors: [{ id: "2", login: "ada", displayName: "Ada O&#8217;Brien" }],
        categories: [{ id: "10", nicename: "news-politics", name: "News &amp; Politics" }],
        tags: [{ id: "20", slug: "q-a", name: "Q&amp;A" }],
        items: [
          {
            id: "100",
            title: "Council&#8217;s vote: Q&amp;A&nbsp;now",
            excerpt: "<p>The vote was <em>close</em> &amp; tight.</p>",
            categories: [
              { domain: "category", nicename: "news-politics", name: "News &amp; Politics" },
              { domain: "post_tag", nicename: "harbour-ships", name: "Harbour &amp; ships" },
            ],
          },
        ],
      }),
    );
    expect(postById(source, "100")).toMatchObject({
      title: "Council\u2019s vote: Q&A now", // &nbsp; is a space in a headline
      excerpt: "The vote was close & tight.",
    });
    expect(source.authors.map((author) => author.name)).toEqual(["Ada O\u2019Brien"]);
    expect(source.categories.map((category) => category.name)).toEqual(["News & Politics"]);
    expect(source.tags.map((tag) => tag.name)).toEqual(["Q&A", "Harbour & ships"]);
  });

  it("reads WXR 1.0's tags (domain tag) and its terms written without a nicename, each once", async () => {
    const source = await parseWordPressExport(
      aWordPressExport({
        wxrVersion: "1.0",
        categories: [{ id: "10", nicename: "alpha", name: "alpha" }],
        tags: [],
        items: [
          {
            id: "100",
            categories: [
              { domain: "", nicename: "", name: "alpha" },
              { domain: "category", nicename: "alpha", name: "alpha" },
              { domain: "tag", nicename: "", name: "news" },
              { domain: "tag", nicename: "news", name: "news" },
              { domain: "tag", nicename: "", name: "Only Named" },
            ],
          },
        ],
      }),
    );
    expect(postById(source, "100")).toMatchObject({
      categorySourceIds: ["10"],
      tagSourceIds: ["news", "only-named"],
    });
  });

  it("skips a password-protected post with a note (it would be public here)", async () => {
    const source = await parseWordPressExport(
      withItems({ id: "200", title: "Members' notes", password: "hunter2" }),
    );
    expect(source.posts.map((post) => post.sourceId)).not.toContain("200");
    expect(source.notes).toContainEqual({
      post: { sourceId: "200", title: "Members' notes" },
      kind: "skipped",
      detail: expect.stringContaining("password-protected"),
    });
  });

  it("warns when the file says it is not UTF-8 (an old blog's charset)", async () => {
    const latin = await parseWordPressExport(
      aWordPressExport().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
    );
    expect(latin.notes[0]).toEqual({
      post: null,
      kind: "warning",
      detail: expect.stringContaining("written in ISO-8859-1, and was read as UTF-8"),
    });
    const utf8 = await parseWordPressExport(aWordPressExport());
    expect(utf8.notes).toEqual([]);
  });

  it("reads WXR 1.1 and 1.0 namespaces as well", async () => {
    for (const wxrVersion of ["1.1", "1.0"]) {
      const source = await parseWordPressExport(aWordPressExport({ wxrVersion }));
      expect(source.posts).toHaveLength(4);
      expect(postById(source, "100").excerpt).toBe("The vote was close.");
    }
  });

  it("takes a multisite blog's own address, not its network's (every WordPress.com export)", async () => {
    const source = await parseWordPressExport(
      aWordPressExport({
        siteUrl: "https://harbour-news.wordpress.com",
        networkUrl: "https://wordpress.com/",
        items: [
          {
            id: "100",
            slug: "council-votes",
            link: "https://harbour-news.wordpress.com/2024/05/01/council-votes/",
          },
        ],
      }),
    );
    expect(source.siteUrl).toBe("https://harbour-news.wordpress.com");
    expect(postById(source, "100").oldPaths).toEqual(["/2024/05/01/council-votes", "/?p=100"]);
  });

  it("keeps only same-site permalinks, and the site's folder", async () => {
    const source = await parseWordPressExport(
      aWordPressExport({
        siteUrl: "https://old.example/news",
        items: [
          { id: "500", link: "https://old.example/news/2024/a-story/" },
          { id: "501", link: "https://cdn.elsewhere.example/a-story/" },
        ],
      }),
    );
    expect(postById(source, "500").oldPaths).toEqual(["/news/2024/a-story", "/news?p=500"]);
    expect(postById(source, "501").oldPaths).toEqual(["/news?p=501"]);
  });

  it("skips a post with a 5 MB body with a note naming it and its size; the others import", async () => {
    const source = await parseWordPressExport(
      inChunks(
        withItems({
          id: "600",
          title: "The huge one",
          content: `<p>${"x".repeat(5 * 1024 * 1024)}</p>`,
        }),
        64 * 1024,
      ),
    );
    expect(source.posts.map((post) => post.sourceId)).toEqual(["100", "101", "102", "103"]);
    expect(source.notes).toEqual([
      {
        post: { sourceId: "600", title: "The huge one" },
        kind: "skipped",
        detail: expect.stringContaining("5.0 MB"),
      },
    ]);
  });

  it("reads 5,000 posts", async () => {
    const items = Array.from({ length: 5000 }, (_, i): WxrItem => ({
      id: String(1000 + i),
      title: `Story ${i}`,
      slug: `story-${i}`,
      content: `<p>Story ${i} ${"words ".repeat(200)}</p>`,
      categories: [{ domain: "category", nicename: "news", name: "News" }],
    }));
    const source = await parseWordPressExport(inChunks(aWordPressExport({ items }), 64 * 1024));
    expect(source.posts).toHaveLength(5000);
    expect(source.posts[4999]).toMatchObject({ slug: "story-4999", categorySourceIds: ["10"] });
  });
});

describe("parseWordPressExport: hostile and broken files", () => {
  it("refuses an entity expansion bomb as a DTD (422), without expanding it", async () => {
    const bomb =
      '<!DOCTYPE lolz [<!ENTITY lol "lol">' +
      Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 2} "${`&lol${i === 0 ? "" : i + 1};`.repeat(10)}">`,
      ).join("") +
      "]>\n";
    const text = aWordPressExport({
      prolog: bomb,
      items: [{ id: "1", title: "&lol10;" }],
    });
    const error = await refusal(() => parseWordPressExport(text));
    expect(error.code).toBe("dtd_refused");
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      "The file declares a DTD (<!DOCTYPE …>). A WordPress export has none, and a DTD can hide entity expansion or external entities, so the file is refused.",
    );
  });

  it("refuses a whole file whose bare & swallows the rest as unreadable, not as cut off", async () => {
    // A hand-edited or plugin-written export: an address with its & left unescaped.
    const text = aWordPressExport().replace(
      "<wp:post_id>100</wp:post_id>",
      "<wp:post_id>100</wp:post_id><wp:attachment_url>https://img.example/a.jpg?w=1&h=2</wp:attachment_url>",
    );
    const error = await refusal(() => parseWordPressExport(text));
    expect(error.code).toBe("unreadable");
    expect(error.message).toContain("This is not a readable WordPress export: the XML breaks");
  });

  it("refuses an external entity as a DTD, and never reads the file it names", async () => {
    const text = aWordPressExport({
      prolog: '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n',
      items: [{ id: "1", title: "&xxe;" }],
    });
    const error = await refusal(() => parseWordPressExport(text));
    expect(error.code).toBe("dtd_refused");
  });

  it("refuses a plain DOCTYPE too", async () => {
    const error = await refusal(() =>
      parseWordPressExport(aWordPressExport({ prolog: "<!DOCTYPE rss>\n" })),
    );
    expect(error.code).toBe("dtd_refused");
  });

  it("refuses an undefined entity as unreadable, with saxes's line and column", async () => {
    // The builder escapes what it is given; an HTML entity is written into the XML as it is.
    const text = aWordPressExport().replace("Council votes on the harbour", "Caf&eacute; society");
    const error = await refusal(() => parseWordPressExport(text));
    expect(error.code).toBe("unreadable");
    expect(error.status).toBe(422);
    const line = text.split("\n").findIndex((row) => row.includes("Caf&eacute;")) + 1;
    expect(error.message).toMatch(new RegExp(`at line ${line}, column \\d+ \\(undefined entity`));
  });

  it("refuses text that is not XML", async () => {
    const error = await refusal(() => parseWordPressExport('{"db": []}'));
    expect(error.code).toBe("unreadable");
    expect(error.message).toContain("line 1");
  });

  it("refuses XML that is not a WXR: another root, or RSS without the wp namespace", async () => {
    const atom = await refusal(() =>
      parseWordPressExport(
        '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>',
      ),
    );
    expect(atom.code).toBe("not_an_export");
    expect(atom.message).toContain("<feed>");
    const rss = await refusal(() =>
      parseWordPressExport(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>',
      ),
    );
    expect(rss.code).toBe("not_an_export");
    expect(rss.message).toContain("RSS feed, not a WordPress export");
  });

  it("refuses a WXR without its channel", async () => {
    const error = await refusal(() =>
      parseWordPressExport(
        '<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><wp:wxr_version>1.2</wp:wxr_version></rss>',
      ),
    );
    expect(error.code).toBe("not_an_export");
    expect(error.message).toContain("no <channel>");
  });

  it("refuses text after the closing </rss>", async () => {
    const error = await refusal(() => parseWordPressExport(`${aWordPressExport()}<rss></rss>`));
    expect(error.code).toBe("unreadable");
  });

  it("refuses an empty file", async () => {
    expect((await refusal(() => parseWordPressExport(""))).code).toBe("not_an_export");
    expect((await refusal(() => parseWordPressExport(["  \n", ""]))).code).toBe("not_an_export");
  });

  it("refuses a truncated export, wherever it was cut", async () => {
    const text = aWordPressExport();
    const cuts = [text.length - 8, text.indexOf("<wp:post_name>") + 5, text.length / 2, 30];
    for (const cut of cuts) {
      const error = await refusal(() => parseWordPressExport(inChunks(text.slice(0, cut), 500)));
      expect(error.code, `cut at ${cut}`).toBe("truncated");
      expect(error.message).toContain("</rss>");
    }
  });

  it("refuses a file over the size limit (413), counting as it streams", async () => {
    const error = await refusal(() =>
      parseWordPressExport(inChunks(aWordPressExport(), 100), { maxBytes: 2000 }),
    );
    expect(error.code).toBe("file_too_large");
    expect(error.status).toBe(413);
  });
});
