import type { ReactNode } from "react";
import type { FeedLinkView, LinkView } from "./content-views.ts";

/** Heading, description and sub-navigation shared by section, category, author and tag pages. */
export function ListingHeader({
  kicker,
  title,
  children,
  navLabel,
  nav = [],
  currentHref,
  feed,
}: {
  kicker?: LinkView;
  title: string;
  children?: ReactNode;
  navLabel?: string;
  nav?: LinkView[];
  currentHref?: string;
  feed?: FeedLinkView;
}) {
  return (
    <header className="c-listing__header">
      {kicker ? (
        <p className="c-kicker">
          <a href={kicker.href}>{kicker.label}</a>
        </p>
      ) : null}
      <h1 className="c-listing__title">{title}</h1>
      {children}
      {feed ? (
        <p className="c-feed-link">
          {/* Until the contract can put <link rel="alternate"> in the head, the feed is a link. */}
          <a href={feed.href} type="application/rss+xml">
            RSS<span className="c-visually-hidden">{` (${feed.label})`}</span>
          </a>
        </p>
      ) : null}
      {nav.length > 0 ? (
        <nav className="c-subnav" aria-label={navLabel}>
          <ul>
            {nav.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.href === currentHref ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
