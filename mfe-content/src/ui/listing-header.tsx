import type { ReactNode } from "react";
import type { LinkView } from "./content-views.ts";

/** Heading, description and sub-navigation shared by section, category, author and tag pages. */
export function ListingHeader({
  kicker,
  title,
  children,
  navLabel,
  nav = [],
  currentHref,
}: {
  kicker?: LinkView;
  title: string;
  children?: ReactNode;
  navLabel?: string;
  nav?: LinkView[];
  currentHref?: string;
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
