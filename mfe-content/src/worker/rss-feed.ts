import type { FeedResponse } from "edge-api/contract/content";
import { bodyHtml } from "./body-html.ts";
import { feedChannel } from "./feed-channels.ts";
import { absoluteUrl, type Site } from "./page-heads.ts";
import { articleHref } from "./view-shapers.ts";
import { XML_DECLARATION, xmlElement, xmlText } from "./xml-text.ts";

/** RFC 822 dates as RSS 2.0 wants them ("Sat, 21 Nov 2026 09:30:00 GMT"), or null. */
export function rfc822(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

function itemXml(origin: string, article: FeedResponse["articles"][number]): string {
  const link = absoluteUrl(origin, articleHref(article));
  const pubDate = rfc822(article.publishedAt);
  return [
    "<item>",
    xmlElement("title", article.headline),
    xmlElement("link", link),
    `<guid isPermaLink="true">${xmlText(link)}</guid>`,
    pubDate ? xmlElement("pubDate", pubDate) : "",
    xmlElement("description", article.standfirst),
    // The whole story with its links and emphasis, as HTML escaped once into the XML.
    article.body && article.body.length > 0
      ? xmlElement("content:encoded", bodyHtml(origin, article.body))
      : "",
    ...article.authors.map((author) => xmlElement("dc:creator", author.name)),
    xmlElement("category", article.section.name),
    xmlElement("category", article.category.name),
    "</item>",
  ].join("");
}

/**
 * An RSS 2.0 document for one feed: the channel names the feed's own address (atom:link self)
 * and links to the HTML page the feed mirrors.
 */
export function rssFeedXml(site: Site, feed: FeedResponse): string {
  const { origin } = site;
  const channel = feedChannel(feed.subject, site);
  const newest = feed.updatedAt ?? feed.articles[0]?.updatedAt ?? null;
  const lastBuildDate = newest ? rfc822(newest) : null;
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "<channel>",
    xmlElement("title", channel.title),
    xmlElement("link", absoluteUrl(origin, channel.pageHref)),
    xmlElement("description", channel.description),
    xmlElement("language", "en-gb"),
    xmlElement("copyright", `© ${site.name}`),
    lastBuildDate ? xmlElement("lastBuildDate", lastBuildDate) : "",
    `<atom:link href="${xmlText(absoluteUrl(origin, channel.href))}" rel="self" type="application/rss+xml"/>`,
    ...feed.articles.map((article) => itemXml(origin, article)),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
