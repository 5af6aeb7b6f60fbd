import type { FeedSubject } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import type { Site } from "./page-heads.ts";

/**
 * What a feed says about itself, and where it and its page live. The API only says whose
 * newest articles they are (the subject); the words and the addresses are this fragment's,
 * titled with the publication's configured name.
 */
export interface FeedChannel {
  title: string;
  description: string;
  /** The feed's own address: its `atom:link rel="self"` and the page head's alternate link. */
  href: string;
  /** The HTML page the feed mirrors: the channel's `<link>`. */
  pageHref: string;
}

/** A listing page that has a feed: a section, an author or a tag, by its slug. */
export interface FeedListing {
  kind: Exclude<FeedSubject["kind"], "site">;
  slug: string;
}

/** Where a listing's feed (`href`) and the listing page itself (`pageHref`) live. */
export function feedAddresses({ kind, slug }: FeedListing): Pick<FeedChannel, "href" | "pageHref"> {
  switch (kind) {
    case "section":
      return {
        href: hrefFor("content.feed-section", { slug }),
        pageHref: hrefFor("content.section", { section: slug }),
      };
    case "author":
      return {
        href: hrefFor("content.feed-author", { slug }),
        pageHref: hrefFor("content.author", { slug }),
      };
    case "tag":
      return {
        href: hrefFor("content.feed-tag", { slug }),
        pageHref: hrefFor("content.tag", { slug }),
      };
  }
}

export function feedChannel(subject: FeedSubject, site: Site): FeedChannel {
  switch (subject.kind) {
    case "site":
      return {
        title: site.name,
        description: `The newest articles from ${site.name}.`,
        href: hrefFor("content.feed-all"),
        pageHref: hrefFor("content.home"),
      };
    case "section":
    case "tag":
      return {
        title: `${subject.name} | ${site.name}`,
        description: subject.description,
        ...feedAddresses(subject),
      };
    case "author":
      return {
        title: `${subject.name} | ${site.name}`,
        description: `The newest articles by ${subject.name}, ${subject.title}.`,
        ...feedAddresses(subject),
      };
  }
}
