import { describe, expect, it } from "vitest";
import {
  aGhostExport,
  aGhostLexical,
  aGhostMobiledoc,
  aGhostPost,
  GHOST_SITE_URL,
  ghostExportTables,
} from "../test/import-exports.ts";
import { parseGhostExport } from "./ghost-export.ts";
import { htmlToBlocks } from "./html-to-blocks.ts";
import { ImportFileError } from "./import-file.ts";
import type { ImportSource, SourcePost } from "./import-model.ts";

function postById(source: ImportSource, id: string): SourcePost {
  const post = source.posts.find((candidate) => candidate.sourceId === id);
  if (post === undefined) throw new Error(`no post ${id}`);
  return post;
}

function refusal(read: () => unknown): ImportFileError {
  try {
    read();
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error("the file was not refused");
}

const { posts: defaultPosts } = ghostExportTables();

describe("parseGhostExport: the publication", () => {
  const source = parseGhostExport(aGhostExport());

  it("reads the site's address and title from the settings", () => {
    expect(source.system).toBe("ghost");
    expect(source.siteUrl).toBe(GHOST_SITE_URL);
    expect(source.siteTitle).toBe("The Old Ghost");
    expect(source.categories).toEqual([]);
  });

  it("leaves the feature image a path on the old site when the export does not say where it was", () => {
    const source = parseGhostExport(aGhostExport({ settings: [] }));
    expect(postById(source, "ghost-post-published").featureImage?.url).toBe(
      "/content/images/harbour.jpg",
    );
  });

  it("takes the old site's address from the importer: a real export does not have it", () => {
    // Ghost's settings have no url (it is in Ghost's config file): as Ghost 4 and 5 export.
    const real = aGhostExport({ settings: [{ id: "s-2", key: "title", value: "The Old Ghost" }] });
    const given = parseGhostExport(real, { siteUrl: "https://blog.old-ghost.example/" });
    expect(given.siteUrl).toBe("https://blog.old-ghost.example");
    expect(given.notes.map((note) => note.detail)).not.toContainEqual(
      expect.stringContaining("does not say the old site's address"),
    );
    expect(postById(given, "ghost-post-published").featureImage?.url).toBe(
      "https://blog.old-ghost.example/content/images/harbour.jpg",
    );
    const unknown = parseGhostExport(real);
    expect(unknown.siteUrl).toBe("");
    expect(unknown.notes).toContainEqual({
      post: null,
      kind: "warning",
      detail: expect.stringContaining("does not say the old site's address"),
    });
  });

  it("reads the site's address from db[0].meta when there are no settings, else empty", () => {
    const fromMeta = parseGhostExport(
      aGhostExport({ settings: [], meta: { url: "https://meta.example/" } }),
    );
    expect(fromMeta.siteUrl).toBe("https://meta.example");
    expect(parseGhostExport(aGhostExport({ settings: [] })).siteUrl).toBe("");
  });

  it("turns users into authors (location as job title, no email)", () => {
    expect(source.authors).toEqual([
      {
        sourceId: "ghost-user-ada",
        slug: "ada",
        name: "Ada Reporter",
        bio: "Covers the harbour.",
        jobTitle: "Lisbon",
      },
      { sourceId: "ghost-user-ben", slug: "ben", name: "Ben Editor", bio: "", jobTitle: "" },
    ]);
    expect(JSON.stringify(source)).not.toContain("ada@old-ghost.example");
  });

  it("leaves out a tag Ghost marks internal even without a # in its name", () => {
    const tags = [
      ...ghostExportTables().tags,
      { id: "hidden", name: "Hidden", slug: "hidden", visibility: "internal" },
    ];
    const hidden = parseGhostExport(aGhostExport({ tags }));
    expect(hidden.tags.map((tag) => tag.sourceId)).not.toContain("hidden");
  });

  it("keeps public tags and leaves internal ones out with a note", () => {
    expect(source.tags).toEqual([
      { sourceId: "ghost-tag-news", slug: "news", name: "News", description: "All the news." },
      { sourceId: "ghost-tag-politics", slug: "politics", name: "Politics", description: "" },
    ]);
    expect(source.notes).toContainEqual({
      post: null,
      kind: "warning",
      detail: expect.stringContaining('"#newsletter"'),
    });
  });

  it("reads a published post: body, standfirst, dates, old path", () => {
    const post = postById(source, "ghost-post-published");
    expect(post).toMatchObject({
      kind: "post",
      slug: "ghost-post-published",
      title: "Council votes on the harbour",
      excerpt: "The vote was close.",
      status: "published",
      publishedAt: new Date("2024-05-01T10:00:00.000Z"),
      createdAt: new Date("2024-04-30T09:00:00.000Z"),
      updatedAt: new Date("2024-05-02T08:00:00.000Z"),
      categorySourceIds: [],
      oldPaths: ["/ghost-post-published"],
    });
  });

  it("reads the feature image's caption as the HTML Ghost writes it", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts_meta: [
          {
            id: "pm-1",
            post_id: "ghost-post-published",
            feature_image_alt: "Boats",
            feature_image_caption:
              '<span style="white-space: pre-wrap;">Photo by </span><a href="https://unsplash.com/@ann">Ann &amp; Co</a>',
          },
        ],
      }),
    );
    expect(postById(source, "ghost-post-published").featureImage?.caption).toBe(
      "Photo by Ann & Co",
    );
  });

  it("puts the site's address where Ghost wrote __GHOST_URL__ in the feature image", () => {
    const post = postById(source, "ghost-post-published");
    // The body stays as exported: html-to-blocks resolves the placeholder where it keeps links.
    expect(post.html).toBe(
      '<p>The council <em>voted</em>.</p><p><img src="__GHOST_URL__/content/images/vote.jpg"></p>',
    );
    expect(post.featureImage).toEqual({
      url: `${GHOST_SITE_URL}/content/images/harbour.jpg`,
      alt: "Boats in the harbour",
      caption: "The harbour at dawn",
    });
  });

  it("orders tags by sort_order without internal ones: the primary tag is the first public", () => {
    expect(postById(source, "ghost-post-published").tagSourceIds).toEqual([
      "ghost-tag-politics",
      "ghost-tag-news",
    ]);
  });

  it("orders the byline by sort_order", () => {
    expect(postById(source, "ghost-post-published").authorSourceIds).toEqual([
      "ghost-user-ben",
      "ghost-user-ada",
    ]);
  });

  it("reads a page as a page, by type or by the old page flag", () => {
    expect(postById(source, "ghost-page-about")).toMatchObject({
      kind: "page",
      slug: "about",
      oldPaths: ["/about"],
    });
    const old = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({ id: "old-page", type: undefined, page: true }),
          aGhostPost({ id: "old-post", type: undefined, page: false }),
        ],
      }),
    );
    expect(postById(old, "old-page").kind).toBe("page");
    expect(postById(old, "old-post").kind).toBe("post");
  });

  it("takes the old page flag (1 in SQLite's exports) when type is there but empty", () => {
    const old = parseGhostExport(
      aGhostExport({ posts: [aGhostPost({ id: "old-page", type: "", page: 1 })] }),
    );
    expect(postById(old, "old-page").kind).toBe("page");
  });

  it("keeps a draft as a draft without a publication date", () => {
    expect(postById(source, "ghost-post-draft")).toMatchObject({
      status: "draft",
      publishedAt: null,
    });
  });

  it("keeps a scheduled post scheduled at its time", () => {
    expect(postById(source, "ghost-post-scheduled")).toMatchObject({
      status: "scheduled",
      publishedAt: new Date("2030-01-01T06:00:00.000Z"),
      tagSourceIds: ["ghost-tag-news"],
    });
  });

  it("reads everything the default export has, and notes only the internal tag", () => {
    expect(source.posts.map((post) => post.sourceId)).toEqual(defaultPosts.map((post) => post.id));
    expect(source.notes).toHaveLength(1);
  });
});

describe("parseGhostExport: rows to note", () => {
  it("imports a newsletter-only (sent) post as published, with a note", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [aGhostPost({ id: "letter", title: "Weekly letter", status: "sent" })],
      }),
    );
    expect(postById(source, "letter").status).toBe("published");
    expect(source.notes).toContainEqual({
      post: { sourceId: "letter", title: "Weekly letter" },
      kind: "mapped",
      detail: expect.stringContaining("newsletter"),
    });
  });

  it("rebuilds a Ghost 5 post exported with Lexical and no HTML, listing what it left out", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [aGhostPost({ id: "lexical-only", html: null, lexical: aGhostLexical() })],
      }),
    );
    const post = postById(source, "lexical-only");
    const { blocks } = htmlToBlocks(post.html, { siteUrl: GHOST_SITE_URL });
    expect(blocks).toEqual([
      { type: "heading", text: "The harbour vote" },
      {
        type: "paragraph",
        text: "The council voted on the harbour. See the minutes.",
        runs: [
          { text: "The council " },
          { text: "voted", bold: true },
          { text: " on the " },
          { text: "harbour", italic: true },
          { text: ". See " },
          { text: "the minutes", href: "/minutes/" },
          { text: "." },
        ],
      },
      { type: "list", ordered: true, items: ["Seven for", "Two against"] },
      { type: "quote", text: "A fair outcome." },
      {
        type: "external-image",
        url: `${GHOST_SITE_URL}/content/images/2024/05/harbour.jpg`,
        alt: "Boats",
        caption: "The harbour at dawn",
        credit: "",
      },
      { type: "paragraph", text: "Members **only** part." },
      { type: "paragraph", text: "Second paragraph." },
    ]);
    const about = { sourceId: "lexical-only", title: "Title of lexical-only" };
    expect(source.notes).toEqual(
      expect.arrayContaining([
        {
          post: about,
          kind: "mapped",
          detail: expect.stringContaining("rebuilt from Ghost's Lexical"),
        },
        {
          post: about,
          kind: "warning",
          detail: expect.stringContaining("Markdown card was kept as plain text"),
        },
        { post: about, kind: "dropped", detail: expect.stringContaining('card "signup"') },
      ]),
    );
  });

  it("rebuilds a Ghost 2-4 post exported with Mobiledoc and no HTML", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({
            id: "mobiledoc-only",
            html: null,
            lexical: null,
            mobiledoc: aGhostMobiledoc(),
          }),
        ],
      }),
    );
    const { blocks } = htmlToBlocks(postById(source, "mobiledoc-only").html, {
      siteUrl: GHOST_SITE_URL,
    });
    expect(blocks).toEqual([
      {
        type: "paragraph",
        text: "The council voted, says the report",
        runs: [
          { text: "The council " },
          { text: "voted", bold: true },
          { text: ", says " },
          { text: "the report", href: "https://example.org/report" },
        ],
      },
      { type: "paragraph", text: "Next line." },
      { type: "list", ordered: false, items: ["Seven for", "Two against"] },
      {
        type: "external-image",
        url: `${GHOST_SITE_URL}/content/images/vote.jpg`,
        alt: "The vote",
        caption: "Hands up",
        credit: "",
      },
      { type: "heading", text: "What next" },
    ]);
    expect(source.notes).toContainEqual({
      post: { sourceId: "mobiledoc-only", title: "Title of mobiledoc-only" },
      kind: "dropped",
      detail: expect.stringContaining('card "email-cta"'),
    });
  });

  it("skips a post with no body at all, or editor JSON that does not read, with a note", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({ id: "no-body", html: null, lexical: null, mobiledoc: null }),
          aGhostPost({ id: "broken-lexical", html: null, lexical: "{not json" }),
          aGhostPost({ id: "fine" }),
        ],
      }),
    );
    expect(source.posts.map((post) => post.sourceId)).toEqual(["fine"]);
    expect(source.notes).toContainEqual({
      post: { sourceId: "no-body", title: "Title of no-body" },
      kind: "skipped",
      detail: expect.stringContaining("no body"),
    });
    expect(source.notes).toContainEqual({
      post: { sourceId: "broken-lexical", title: "Title of broken-lexical" },
      kind: "skipped",
      detail: expect.stringContaining("Lexical"),
    });
  });

  it("skips a post with a 5 MB body with a note naming it and its size; the others import", () => {
    const big = `<p>${"x".repeat(5 * 1024 * 1024)}</p>`;
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({ id: "huge", title: "The huge one", html: big }),
          aGhostPost({ id: "small" }),
        ],
      }),
    );
    expect(source.posts.map((post) => post.sourceId)).toEqual(["small"]);
    expect(source.notes).toContainEqual({
      post: { sourceId: "huge", title: "The huge one" },
      kind: "skipped",
      detail: expect.stringContaining("5.0 MB"),
    });
  });

  it("takes the byline from the old author_id when there is no posts_authors", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [aGhostPost({ id: "old", author_id: "ghost-user-ada" })],
        posts_authors: [],
      }),
    );
    expect(postById(source, "old").authorSourceIds).toEqual(["ghost-user-ada"]);
  });

  it("skips a post with an unknown status, and a row that is not a post, with notes", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({ id: "odd", status: "archived" }),
          { title: "No id" },
          aGhostPost({ id: "ok" }),
        ],
      }),
    );
    expect(source.posts.map((post) => post.sourceId)).toEqual(["ok"]);
    expect(source.notes).toContainEqual({
      post: { sourceId: "odd", title: "Title of odd" },
      kind: "skipped",
      detail: expect.stringContaining('"archived"'),
    });
    expect(source.notes).toContainEqual({
      post: { sourceId: "#2", title: "No id" },
      kind: "skipped",
      detail: expect.stringContaining("position 2"),
    });
  });

  it("notes a post's code injection (dropped) and a canonical address elsewhere", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({
            id: "injected",
            codeinjection_head: "<style>.x{color:red}</style>",
            codeinjection_foot: null,
            canonical_url: "https://original.example/story/",
          }),
          aGhostPost({ id: "plain", codeinjection_head: "", canonical_url: null }),
        ],
      }),
    );
    expect(source.notes.filter((note) => note.post !== null)).toEqual([
      {
        post: { sourceId: "injected", title: "Title of injected" },
        kind: "dropped",
        detail: expect.stringContaining("code injection"),
      },
      {
        post: { sourceId: "injected", title: "Title of injected" },
        kind: "warning",
        detail: expect.stringContaining("https://original.example/story/"),
      },
    ]);
  });

  it("warns that a members-only post becomes public", () => {
    const source = parseGhostExport(
      aGhostExport({ posts: [aGhostPost({ id: "paid", visibility: "paid" })] }),
    );
    expect(source.notes).toContainEqual({
      post: { sourceId: "paid", title: "Title of paid" },
      kind: "warning",
      detail: expect.stringContaining("paid members only"),
    });
  });

  it('reads old exports\' dates ("2014-05-01 10:00:00" and epoch milliseconds) as UTC', () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({
            id: "old",
            published_at: "2014-05-01 10:00:00",
            created_at: 1398930000000,
            updated_at: null,
          }),
        ],
      }),
    );
    expect(postById(source, "old")).toMatchObject({
      publishedAt: new Date("2014-05-01T10:00:00Z"),
      createdAt: new Date(1398930000000),
      updatedAt: new Date(1398930000000),
    });
  });

  it("keeps the folder of a Ghost site in its old paths", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [aGhostPost({ id: "p", slug: "my-post" })],
        settings: [{ key: "url", value: "https://old.example/blog/" }],
      }),
    );
    expect(postById(source, "p").oldPaths).toEqual(["/blog/my-post"]);
  });
});

describe("parseGhostExport: older Ghost versions", () => {
  it("reads the inner { meta, data } without the db wrapper, as Ghost's importer does", () => {
    const wrapped = JSON.parse(aGhostExport()) as { db: unknown[] };
    const source = parseGhostExport(JSON.stringify(wrapped.db[0]));
    expect(source.posts.map((post) => post.sourceId)).toEqual(
      parseGhostExport(aGhostExport()).posts.map((post) => post.sourceId),
    );
  });

  it("keeps a Ghost 0.x/1.x post's old address by its permalinks setting, in the site's time zone", () => {
    const source = parseGhostExport(
      aGhostExport({
        posts: [
          aGhostPost({ id: "late", slug: "late-vote", published_at: "2016-12-31T23:30:00.000Z" }),
          aGhostPost({ id: "about", slug: "about", type: "page" }),
        ],
        settings: [
          { id: "s-1", key: "url", value: GHOST_SITE_URL },
          { id: "s-3", key: "permalinks", value: "/:year/:month/:day/:slug/" },
          { id: "s-4", key: "active_timezone", value: "Europe/Berlin" },
        ],
        posts_authors: [],
        posts_tags: [],
      }),
    );
    expect(postById(source, "late").oldPaths).toEqual(["/2017/01/01/late-vote"]);
    expect(postById(source, "about").oldPaths).toEqual(["/about"]);
    const byTag = parseGhostExport(
      aGhostExport({
        settings: [{ id: "s-3", key: "permalinks", value: "/:primary_tag/:slug/" }],
      }),
    );
    expect(postById(byTag, "ghost-post-published").oldPaths).toEqual([
      "/politics/ghost-post-published",
    ]);
    // The scheduled post's primary tag is News.
    expect(postById(byTag, "ghost-post-scheduled").oldPaths).toEqual([
      "/news/ghost-post-scheduled",
    ]);
  });

  it("reads a Ghost 0.x post: numeric ids, image for the feature image, page 0, author_id", () => {
    const source = parseGhostExport(
      aGhostExport({
        meta: { exported_on: 1400000000000, version: "003" },
        posts: [
          {
            id: 7,
            uuid: "uuid-7",
            title: "From 2014",
            slug: "from-2014",
            markdown: "Hello *world*",
            html: "<p>Hello <em>world</em></p>",
            image: "/content/images/2014/05/boat.jpg",
            featured: 0,
            page: 0,
            status: "published",
            language: "en_US",
            author_id: 1,
            created_at: 1399000000000,
            updated_at: 1399500000000,
            published_at: 1399100000000,
          },
        ],
        users: [{ id: 1, name: "Old Owner", slug: "owner", status: "active" }],
        posts_authors: [],
        posts_tags: [],
        posts_meta: [],
      }),
    );
    expect(postById(source, "7")).toMatchObject({
      kind: "post",
      authorSourceIds: ["1"],
      publishedAt: new Date(1399100000000),
      featureImage: {
        url: "/content/images/2014/05/boat.jpg",
        alt: "",
        caption: "",
      },
    });
  });
});

describe("parseGhostExport: hostile and broken files", () => {
  it("refuses text that is not JSON, saying where it broke", () => {
    const error = refusal(() => parseGhostExport('{\n  "db": [\n    {"meta" 1}\n  ]\n}'));
    expect(error.code).toBe("unreadable");
    expect(error.status).toBe(422);
    expect(error.message).toContain("not JSON");
    expect(error.message).toContain("line 3, column 13");
    expect(refusal(() => parseGhostExport("Hello, this is a Word file")).code).toBe("unreadable");
  });

  it("refuses a WordPress XML file given as Ghost as not JSON", () => {
    expect(refusal(() => parseGhostExport('<?xml version="1.0"?><rss/>')).code).toBe("unreadable");
  });

  it("refuses JSON that is not a Ghost export, naming what is missing", () => {
    const error = refusal(() => parseGhostExport('{"db": [{"meta": {}, "data": {"users": []}}]}'));
    expect(error.code).toBe("not_an_export");
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      "This is not a Ghost export: it has no db[0].data.posts. Export from Ghost Admin, Settings, Labs, Export.",
    );
    expect(refusal(() => parseGhostExport('{"posts": []}')).message).toContain("it has no db.");
    expect(refusal(() => parseGhostExport("[1, 2]")).code).toBe("not_an_export");
    expect(refusal(() => parseGhostExport('{"db": []}')).message).toContain("db is empty");
    expect(refusal(() => parseGhostExport('{"db": [{"data": {"posts": 3}}]}')).message).toContain(
      "db[0].data.posts is not what Ghost writes",
    );
  });

  it("notes a deeply nested row instead of a post, without overflowing", () => {
    const depth = 100_000;
    const text = aGhostExport({ posts: [] }).replace(
      '"posts":[]',
      `"posts":[${"[".repeat(depth)}${"]".repeat(depth)}]`,
    );
    const source = parseGhostExport(text);
    expect(source.posts).toEqual([]);
    expect(source.notes).toContainEqual({
      post: { sourceId: "#1", title: "" },
      kind: "skipped",
      detail: expect.stringContaining("could not be read"),
    });
  });

  it("refuses an empty file", () => {
    expect(refusal(() => parseGhostExport("  \n")).code).toBe("not_an_export");
  });

  it("tells a truncated export from a broken one", () => {
    const text = aGhostExport();
    for (const cut of [text.length - 1, Math.floor(text.length / 2), 10]) {
      const error = refusal(() => parseGhostExport(text.slice(0, cut)));
      expect(error.code, `cut at ${cut}`).toBe("truncated");
      expect(error.message).toContain("stops before the end");
    }
  });

  it("refuses a file over the size limit (413)", () => {
    const error = refusal(() => parseGhostExport(aGhostExport(), { maxBytes: 1000 }));
    expect(error.code).toBe("file_too_large");
    expect(error.status).toBe(413);
  });

  it("reads 5,000 posts", () => {
    const posts = Array.from({ length: 5000 }, (_, i) =>
      aGhostPost({ id: `bulk-${i}`, html: `<p>Story ${i} ${"words ".repeat(200)}</p>` }),
    );
    const source = parseGhostExport(
      aGhostExport({ posts, posts_tags: [], posts_authors: [], posts_meta: [] }),
    );
    expect(source.posts).toHaveLength(5000);
    expect(source.posts[4999]?.oldPaths).toEqual(["/bulk-4999"]);
  });
});
