/**
 * Issue 18: small export files written by the tests themselves (no downloaded fixtures). Each
 * builder gives a realistic little publication by default (two authors, tags, a published post,
 * a page, a draft, a scheduled post, and for WordPress categories nested two deep and an
 * attachment as featured image); the options replace any part. The text is what Ghost Admin's
 * Export or WordPress's Tools, Export would write, shortened.
 */

type Row = Record<string, unknown>;

export const GHOST_SITE_URL = "https://old-ghost.example";

/** One Ghost post row: a published post unless the overrides say otherwise. */
export function aGhostPost(overrides: Row = {}): Row {
  const id = String(overrides.id ?? "ghost-post");
  const slug = String(overrides.slug ?? id);
  return {
    id,
    uuid: `uuid-${id}`,
    title: `Title of ${id}`,
    slug,
    html: `<p>The body of ${id}.</p>`,
    lexical: '{"root":{"children":[]}}',
    plaintext: `The body of ${id}.`,
    feature_image: null,
    custom_excerpt: null,
    type: "post",
    status: "published",
    visibility: "public",
    published_at: "2024-05-01T10:00:00.000Z",
    created_at: "2024-04-30T09:00:00.000Z",
    updated_at: "2024-05-02T08:00:00.000Z",
    ...overrides,
  };
}

export interface GhostExportTables {
  posts: Row[];
  users: Row[];
  tags: Row[];
  posts_tags: Row[];
  posts_authors: Row[];
  posts_meta: Row[];
  settings: Row[];
}

/**
 * The default Ghost publication:
 * - users `ghost-user-ada` (Ada Reporter, Lisbon) and `ghost-user-ben` (Ben Editor);
 * - tags `ghost-tag-news` (News), `ghost-tag-politics` (Politics), `ghost-tag-internal`
 *   (#newsletter, internal);
 * - `ghost-post-published` (tags: #newsletter, Politics, News in that sort order; bylines Ben
 *   then Ada; a feature image with alt and caption in posts_meta; old path `/ghost-post-published/`),
 *   `ghost-page-about` (a page), `ghost-post-draft`, `ghost-post-scheduled` (2030-01-01);
 * - settings `url` = `GHOST_SITE_URL`, `title` = "The Old Ghost".
 */
export function ghostExportTables(overrides: Partial<GhostExportTables> = {}): GhostExportTables {
  return {
    posts: [
      aGhostPost({
        id: "ghost-post-published",
        title: "Council votes on the harbour",
        custom_excerpt: "The vote was close.",
        html: '<p>The council <em>voted</em>.</p><p><img src="__GHOST_URL__/content/images/vote.jpg"></p>',
        feature_image: "__GHOST_URL__/content/images/harbour.jpg",
      }),
      aGhostPost({ id: "ghost-page-about", title: "About us", type: "page", slug: "about" }),
      aGhostPost({
        id: "ghost-post-draft",
        title: "A draft",
        status: "draft",
        published_at: null,
      }),
      aGhostPost({
        id: "ghost-post-scheduled",
        title: "Coming soon",
        status: "scheduled",
        published_at: "2030-01-01T06:00:00.000Z",
      }),
    ],
    users: [
      {
        id: "ghost-user-ada",
        name: "Ada Reporter",
        slug: "ada",
        bio: "Covers the harbour.",
        location: "Lisbon",
        email: "ada@old-ghost.example",
      },
      {
        id: "ghost-user-ben",
        name: "Ben Editor",
        slug: "ben",
        bio: null,
        location: null,
        email: "ben@old-ghost.example",
      },
    ],
    tags: [
      {
        id: "ghost-tag-news",
        name: "News",
        slug: "news",
        description: "All the news.",
        visibility: "public",
      },
      {
        id: "ghost-tag-politics",
        name: "Politics",
        slug: "politics",
        description: null,
        visibility: "public",
      },
      {
        id: "ghost-tag-internal",
        name: "#newsletter",
        slug: "hash-newsletter",
        description: null,
        visibility: "internal",
      },
    ],
    posts_tags: [
      { id: "pt-3", post_id: "ghost-post-published", tag_id: "ghost-tag-news", sort_order: 2 },
      { id: "pt-1", post_id: "ghost-post-published", tag_id: "ghost-tag-internal", sort_order: 0 },
      { id: "pt-2", post_id: "ghost-post-published", tag_id: "ghost-tag-politics", sort_order: 1 },
      { id: "pt-4", post_id: "ghost-post-scheduled", tag_id: "ghost-tag-news", sort_order: 0 },
    ],
    posts_authors: [
      { id: "pa-2", post_id: "ghost-post-published", author_id: "ghost-user-ada", sort_order: 1 },
      { id: "pa-1", post_id: "ghost-post-published", author_id: "ghost-user-ben", sort_order: 0 },
      { id: "pa-3", post_id: "ghost-page-about", author_id: "ghost-user-ada", sort_order: 0 },
      { id: "pa-4", post_id: "ghost-post-draft", author_id: "ghost-user-ada", sort_order: 0 },
      { id: "pa-5", post_id: "ghost-post-scheduled", author_id: "ghost-user-ben", sort_order: 0 },
    ],
    posts_meta: [
      {
        id: "pm-1",
        post_id: "ghost-post-published",
        feature_image_alt: "Boats in the harbour",
        feature_image_caption: "The harbour at dawn",
      },
    ],
    settings: [
      { id: "s-1", key: "url", value: GHOST_SITE_URL },
      { id: "s-2", key: "title", value: "The Old Ghost" },
    ],
    ...overrides,
  };
}

/** A Ghost export's text: `ghostExportTables(overrides)` in Ghost's `{ db: [{ meta, data }] }`. */
export function aGhostExport(overrides: Partial<GhostExportTables> & { meta?: Row } = {}): string {
  const { meta, ...tables } = overrides;
  return JSON.stringify({
    db: [
      {
        meta: meta ?? { exported_on: 1717236000000, version: "5.82.0" },
        data: ghostExportTables(tables),
      },
    ],
  });
}

/** A Lexical text node (Ghost 5's `extended-text`), `format` its bits: 1 bold, 2 italic, 16 code. */
export function lexicalText(text: string, format = 0): Row {
  return { detail: 0, format, mode: "normal", style: "", text, type: "extended-text", version: 1 };
}

/** A Lexical element node with children, as Ghost 5 serializes it. */
export function lexicalNode(type: string, children: Row[], fields: Row = {}): Row {
  return { children, direction: "ltr", format: "", indent: 0, type, version: 1, ...fields };
}

/**
 * A post's `lexical` as Ghost 5 writes it: by default a heading, a paragraph with bold, italic
 * and a link to the site itself (`__GHOST_URL__`), a numbered list, a quote, an image card with
 * a caption, a paywall, a Markdown card and a signup card (which has no text to keep).
 */
export function aGhostLexical(children?: Row[]): string {
  return JSON.stringify({
    root: {
      children: children ?? [
        lexicalNode("extended-heading", [lexicalText("The harbour vote")], { tag: "h2" }),
        lexicalNode("paragraph", [
          lexicalText("The council "),
          lexicalText("voted", 1),
          lexicalText(" on the "),
          lexicalText("harbour", 2),
          lexicalText(". See "),
          lexicalNode("link", [lexicalText("the minutes")], {
            url: "__GHOST_URL__/minutes/",
            rel: null,
            target: null,
            title: null,
          }),
          lexicalText("."),
        ]),
        lexicalNode(
          "list",
          [
            lexicalNode("listitem", [lexicalText("Seven for")], { value: 1 }),
            lexicalNode("listitem", [lexicalText("Two against")], { value: 2 }),
          ],
          { listType: "number", start: 1, tag: "ol" },
        ),
        lexicalNode("extended-quote", [lexicalText("A fair outcome.")]),
        {
          type: "image",
          version: 1,
          src: "__GHOST_URL__/content/images/2024/05/harbour.jpg",
          width: 1200,
          height: 800,
          title: "",
          alt: "Boats",
          caption: '<span style="white-space: pre-wrap;">The harbour at dawn</span>',
          cardWidth: "regular",
          href: "",
        },
        { type: "paywall", version: 1 },
        { type: "markdown", version: 1, markdown: "Members **only** part.\n\nSecond paragraph." },
        { type: "signup", version: 1, header: "Sign up", buttonText: "Subscribe" },
      ],
      direction: "ltr",
      format: "",
      indent: 0,
      type: "root",
      version: 1,
    },
  });
}

/**
 * A post's `mobiledoc` as Ghost 2 to 4 wrote it: a paragraph with a bold word and a link, a
 * soft return, a bullet list, an image card, a horizontal rule and a signup-style card Ghost
 * alone knows (`email-cta`).
 */
export function aGhostMobiledoc(): string {
  return JSON.stringify({
    version: "0.3.1",
    ghostVersion: "4.0",
    atoms: [["soft-return", "", {}]],
    markups: [["strong"], ["a", ["href", "https://example.org/report"]]],
    cards: [
      ["image", { src: "/content/images/vote.jpg", alt: "The vote", caption: "Hands up" }],
      ["hr", {}],
      ["email-cta", { html: "<p>Subscribe</p>", segment: "status:free" }],
    ],
    sections: [
      [
        1,
        "p",
        [
          [0, [], 0, "The council "],
          [0, [0], 1, "voted"],
          [0, [], 0, ", says "],
          [0, [1], 1, "the report"],
          [1, [], 0, 0],
          [0, [], 0, "Next line."],
        ],
      ],
      [3, "ul", [[[0, [], 0, "Seven for"]], [[0, [], 0, "Two against"]]]],
      [10, 0],
      [10, 1],
      [10, 2],
      [1, "h2", [[0, [], 0, "What next"]]],
    ],
  });
}

export const WORDPRESS_SITE_URL = "https://old-wp.example";

export interface WxrItem {
  id: string;
  title?: string;
  /** post, page, attachment, nav_menu_item, revision, or a custom type. */
  type?: string;
  /** publish, future, draft, pending, private, trash, auto-draft, inherit. */
  status?: string;
  /** `wp:post_name`; "" for a draft that never had one. */
  slug?: string;
  /** `<link>`; the permalink by default. */
  link?: string;
  creator?: string;
  content?: string;
  excerpt?: string;
  /** `wp:post_date_gmt`, "0000-00-00 00:00:00" for a draft. */
  dateGmt?: string;
  date?: string;
  modifiedGmt?: string;
  categories?: { domain: "category" | "post_tag" | string; nicename: string; name: string }[];
  meta?: Record<string, string>;
  attachmentUrl?: string;
  /** `wp:post_password`: "" (not protected) by default. */
  password?: string;
}

export interface WxrAuthor {
  id: string;
  login: string;
  displayName: string;
  email?: string;
}

export interface WxrCategory {
  id: string;
  nicename: string;
  name: string;
  /** The parent's nicename, as WXR writes it. */
  parent?: string;
}

export interface WxrTag {
  id: string;
  slug: string;
  name: string;
  description?: string;
}

export interface WordPressExportOptions {
  siteUrl?: string;
  title?: string;
  /** The WXR version in the namespace address: "1.2" (WordPress today), "1.1", "1.0". */
  wxrVersion?: string;
  authors?: WxrAuthor[];
  categories?: WxrCategory[];
  tags?: WxrTag[];
  items?: WxrItem[];
  /** Put before `<rss>` (a hostile DOCTYPE, say). */
  prolog?: string;
  /** `wp:base_site_url`: a multisite network's address (WordPress.com's), the site's otherwise. */
  networkUrl?: string;
}

export const WORDPRESS_AUTHORS: WxrAuthor[] = [
  { id: "2", login: "ada", displayName: "Ada Reporter", email: "ada@old-wp.example" },
  { id: "3", login: "ben", displayName: "Ben Editor" },
];

/** News > Politics > Elections (two deep), and Sport at the top. */
export const WORDPRESS_CATEGORIES: WxrCategory[] = [
  { id: "10", nicename: "news", name: "News" },
  { id: "11", nicename: "politics", name: "Politics", parent: "news" },
  { id: "12", nicename: "elections", name: "Elections", parent: "politics" },
  { id: "13", nicename: "sport", name: "Sport" },
];

export const WORDPRESS_TAGS: WxrTag[] = [
  { id: "20", slug: "climate", name: "Climate", description: "Weather and more." },
  { id: "21", slug: "harbour", name: "Harbour & ships" },
];

/**
 * The default items: post 100 (published, Elections and Sport, tags Climate and Harbour, by
 * ada, featured image attachment 50), page 101 (About), post 102 (draft without a slug, by
 * ben), post 103 (scheduled), attachment 50 (alt "Boats at dawn", caption "The harbour").
 */
export function wordPressItems(): WxrItem[] {
  return [
    {
      id: "100",
      title: "Council votes on the harbour",
      slug: "council-votes",
      link: `${WORDPRESS_SITE_URL}/2024/05/council-votes/`,
      creator: "ada",
      content: "The council voted.\n\nA <em>close</em> vote.",
      excerpt: "The vote was close.",
      dateGmt: "2024-05-01 10:00:00",
      date: "2024-05-01 12:00:00",
      categories: [
        { domain: "category", nicename: "elections", name: "Elections" },
        { domain: "category", nicename: "sport", name: "Sport" },
        { domain: "post_tag", nicename: "climate", name: "Climate" },
        { domain: "post_tag", nicename: "harbour", name: "Harbour & ships" },
      ],
      meta: { _thumbnail_id: "50", _edit_last: "2" },
    },
    {
      id: "101",
      title: "About",
      type: "page",
      slug: "about",
      link: `${WORDPRESS_SITE_URL}/about/`,
      creator: "ada",
      content: "<p>Who we are.</p>",
      dateGmt: "2023-01-01 00:00:00",
    },
    {
      id: "102",
      title: "Draft: a story in progress",
      status: "draft",
      slug: "",
      link: `${WORDPRESS_SITE_URL}/?p=102`,
      creator: "ben",
      content: "Not yet.",
      dateGmt: "0000-00-00 00:00:00",
      date: "2024-06-01 09:30:00",
    },
    {
      id: "103",
      title: "Coming soon",
      status: "future",
      slug: "coming-soon",
      link: `${WORDPRESS_SITE_URL}/2030/01/coming-soon/`,
      creator: "ben",
      content: "Later.",
      dateGmt: "2030-01-01 06:00:00",
      categories: [{ domain: "category", nicename: "news", name: "News" }],
    },
    {
      id: "50",
      title: "harbour.jpg",
      type: "attachment",
      status: "inherit",
      slug: "harbour-jpg",
      link: `${WORDPRESS_SITE_URL}/harbour-jpg/`,
      creator: "ada",
      content: "",
      excerpt: "The harbour",
      dateGmt: "2024-04-30 08:00:00",
      attachmentUrl: `${WORDPRESS_SITE_URL}/wp-content/uploads/2024/04/harbour.jpg`,
      meta: { _wp_attachment_image_alt: "Boats at dawn" },
    },
  ];
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

function attributeXml(name: string, value: string): string {
  return value === "" ? "" : ` ${name}="${escapeXml(value)}"`;
}

function itemXml(item: WxrItem, siteUrl: string): string {
  const type = item.type ?? "post";
  const slug = item.slug ?? `post-${item.id}`;
  const terms = (item.categories ?? [])
    .map(
      (term) =>
        // WXR 1.0 also wrote terms without a domain or a nicename: "" leaves the attribute out.
        `\t\t<category${attributeXml("domain", term.domain)}${attributeXml("nicename", term.nicename)}>${cdata(term.name)}</category>`,
    )
    .join("\n");
  const meta = Object.entries(item.meta ?? {})
    .map(
      ([key, value]) =>
        `\t\t<wp:postmeta>\n\t\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>\n\t\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>\n\t\t</wp:postmeta>`,
    )
    .join("\n");
  return `	<item>
		<title>${escapeXml(item.title ?? `Post ${item.id}`)}</title>
		<link>${escapeXml(item.link ?? `${siteUrl}/${slug}/`)}</link>
		<pubDate>Wed, 01 May 2024 10:00:00 +0000</pubDate>
		<dc:creator>${cdata(item.creator ?? "ada")}</dc:creator>
		<guid isPermaLink="false">${escapeXml(`${siteUrl}/?p=${item.id}`)}</guid>
		<description></description>
		<content:encoded>${cdata(item.content ?? "")}</content:encoded>
		<excerpt:encoded>${cdata(item.excerpt ?? "")}</excerpt:encoded>
		<wp:post_id>${item.id}</wp:post_id>
		<wp:post_date>${cdata(item.date ?? item.dateGmt ?? "2024-05-01 10:00:00")}</wp:post_date>
		<wp:post_date_gmt>${cdata(item.dateGmt ?? "2024-05-01 10:00:00")}</wp:post_date_gmt>
${item.modifiedGmt === undefined ? "" : `\t\t<wp:post_modified_gmt>${cdata(item.modifiedGmt)}</wp:post_modified_gmt>\n`}		<wp:comment_status>${cdata("open")}</wp:comment_status>
		<wp:post_name>${cdata(slug)}</wp:post_name>
		<wp:status>${cdata(item.status ?? "publish")}</wp:status>
		<wp:post_parent>0</wp:post_parent>
		<wp:post_type>${cdata(type)}</wp:post_type>
		<wp:post_password>${cdata(item.password ?? "")}</wp:post_password>
${item.attachmentUrl === undefined ? "" : `\t\t<wp:attachment_url>${cdata(item.attachmentUrl)}</wp:attachment_url>\n`}${terms}
${meta}
		<wp:comment>
			<wp:comment_id>1</wp:comment_id>
			<wp:comment_content>${cdata("A reader's comment, not imported.")}</wp:comment_content>
		</wp:comment>
	</item>`;
}

/** A WXR file's text, as WordPress's Tools, Export writes it (shortened). */
export function aWordPressExport(options: WordPressExportOptions = {}): string {
  const siteUrl = options.siteUrl ?? WORDPRESS_SITE_URL;
  const version = options.wxrVersion ?? "1.2";
  const authors = (options.authors ?? WORDPRESS_AUTHORS)
    .map(
      (author) => `	<wp:author>
		<wp:author_id>${author.id}</wp:author_id>
		<wp:author_login>${cdata(author.login)}</wp:author_login>
		<wp:author_email>${cdata(author.email ?? "")}</wp:author_email>
		<wp:author_display_name>${cdata(author.displayName)}</wp:author_display_name>
		<wp:author_first_name>${cdata("")}</wp:author_first_name>
		<wp:author_last_name>${cdata("")}</wp:author_last_name>
	</wp:author>`,
    )
    .join("\n");
  const categories = (options.categories ?? WORDPRESS_CATEGORIES)
    .map(
      (category) => `	<wp:category>
		<wp:term_id>${category.id}</wp:term_id>
		<wp:category_nicename>${cdata(category.nicename)}</wp:category_nicename>
		<wp:category_parent>${cdata(category.parent ?? "")}</wp:category_parent>
		<wp:cat_name>${cdata(category.name)}</wp:cat_name>
	</wp:category>`,
    )
    .join("\n");
  const tags = (options.tags ?? WORDPRESS_TAGS)
    .map(
      (tag) => `	<wp:tag>
		<wp:term_id>${tag.id}</wp:term_id>
		<wp:tag_slug>${cdata(tag.slug)}</wp:tag_slug>
		<wp:tag_name>${cdata(tag.name)}</wp:tag_name>
${tag.description === undefined ? "" : `\t\t<wp:tag_description>${cdata(tag.description)}</wp:tag_description>\n`}	</wp:tag>`,
    )
    .join("\n");
  const items = (options.items ?? wordPressItems())
    .map((item) => itemXml(item, siteUrl))
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8" ?>
${options.prolog ?? ""}<!-- This is a WordPress eXtended RSS file generated by WordPress as an export of your site. -->
<!-- generator="WordPress/6.5" created="2024-06-01 10:00" -->
<rss version="2.0"
	xmlns:excerpt="http://wordpress.org/export/${version}/excerpt/"
	xmlns:content="http://purl.org/rss/1.0/modules/content/"
	xmlns:wfw="http://wellformedweb.org/CommentAPI/"
	xmlns:dc="http://purl.org/dc/elements/1.1/"
	xmlns:wp="http://wordpress.org/export/${version}/"
>
<channel>
	<title>${escapeXml(options.title ?? "The Old WordPress")}</title>
	<link>${escapeXml(siteUrl)}</link>
	<description>News from the old site</description>
	<pubDate>Sat, 01 Jun 2024 10:00:00 +0000</pubDate>
	<language>en-GB</language>
	<wp:wxr_version>${version}</wp:wxr_version>
	<wp:base_site_url>${escapeXml(options.networkUrl ?? siteUrl)}</wp:base_site_url>
	<wp:base_blog_url>${escapeXml(siteUrl)}</wp:base_blog_url>
${authors}
${categories}
${tags}
	<generator>https://wordpress.org/?v=6.5</generator>
${items}
</channel>
</rss>
`;
}

/** The text cut into pieces of `size` characters, as a stream would hand it over. */
export function* inChunks(text: string, size = 1000): Generator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}
