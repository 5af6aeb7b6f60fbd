import type { FeedSubject } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import { SITE_NAME } from "./page-heads.ts";

/**
 * What a feed says about itself, and where it and its page live. The API only says whose
 * newest articles they are (the subject); the words and the addresses are this fragment's.
 */
export interface FeedChannel {
  title: string;
  description: string;
  /** The feed's own address: its `atom:link rel="self"` and the page head's alternate link. */
  href: string;
  /** The HTML page the feed mirrors: the channel's `<link>`. */
  pageHref: string;
}

export function feedChannel(subject: FeedSubject): FeedChannel {
  switch (subject.kind) {
    case "site":
      return {
        title: SITE_NAME,
        description: `The newest articles from ${SITE_NAME}.`,
        href: hrefFor("content.feed-all"),
        pageHref: hrefFor("content.home"),
      };
    case "section":
      return {
        title: `${subject.name} | ${SITE_NAME}`,
        description: subject.description,
        href: hrefFor("content.feed-section", { slug: subject.slug }),
        pageHref: hrefFor("content.section", { section: subject.slug }),
      };
    case "author":
      return {
        title: `${subject.name} | ${SITE_NAME}`,
        description: `The newest articles by ${subject.name}, ${subject.title}.`,
        href: hrefFor("content.feed-author", { slug: subject.slug }),
        pageHref: hrefFor("content.author", { slug: subject.slug }),
      };
    case "tag":
      return {
        title: `${subject.name} | ${SITE_NAME}`,
        description: subject.description,
        href: hrefFor("content.feed-tag", { slug: subject.slug }),
        pageHref: hrefFor("content.tag", { slug: subject.slug }),
      };
  }
}
