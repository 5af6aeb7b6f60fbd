import type { ReactNode } from "react";
import type { BootData, BreakingBanner, NavSection } from "../contract/navigation-contract.ts";
import { hrefFor } from "../contract/site-addresses.ts";
import { SiteSearch } from "./site-search.tsx";

/** What both layouts (the readers' masthead and the newsroom's chrome) are given. */
export interface ShellLayoutProps {
  /** From configuration (`PUBLICATION_NAME`) through boot data, so both sides write the same. */
  publicationName: string;
  sections: NavSection[];
  /** The breaking-news banner (readers' pages only); null or absent when it is off. */
  banner?: BreakingBanner | null;
  viewer: BootData["viewer"];
  dateLine: string;
  pathname: string;
  busy?: boolean;
  children: ReactNode;
}

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

const links = {
  home: hrefFor("content.home"),
  profile: hrefFor("account.profile"),
  logout: hrefFor("account.logout"),
  newsroom: hrefFor("content.newsroom"),
  login: hrefFor("account.login"),
  signUp: hrefFor("account.sign-up"),
  todaysPaper: hrefFor("paper.today"),
  authors: hrefFor("content.authors"),
  tags: hrefFor("content.tags"),
  about: hrefFor("content.page", { slug: "about" }),
  contact: hrefFor("content.page", { slug: "contact" }),
};

/** The legal pages (edge-api's seed publishes them), linked from every page's footer. */
const legalPages = [
  { slug: "privacy", title: "Privacy notice" },
  { slug: "terms", title: "Terms of use" },
  { slug: "corrections", title: "Corrections" },
].map(({ slug, title }) => ({ title, href: hrefFor("content.page", { slug }) }));

/**
 * The breaking-news line under the navigation (decision 0020): server-rendered from the boot
 * data, so a page without one has nothing to shift and the page needs no script for it.
 */
function BreakingNews({ banner }: { banner: BreakingBanner }) {
  return (
    <div className="s-breaking" role="region" aria-label="Breaking news">
      <p>
        <strong className="s-breaking__label">Breaking</strong>{" "}
        <a href={banner.href}>{banner.headline}</a>
      </p>
    </div>
  );
}

/** Masthead, navigation and footer: the regions the shell owns on every page. */
export function ShellLayout({
  publicationName,
  sections,
  banner = null,
  viewer,
  dateLine,
  pathname,
  busy = false,
  children,
}: ShellLayoutProps) {
  return (
    <>
      <a className="s-skip-link" href="#main">
        Skip to content
      </a>
      <header className="s-masthead">
        <div className="s-masthead__top">
          <p className="s-masthead__date">{dateLine}</p>
          <SiteSearch id="s-masthead-search" label="Site" className="s-search--masthead" />
          <nav className="s-account-nav" aria-label="Account">
            {viewer ? (
              <>
                <a
                  href={links.profile}
                  aria-current={pathname === links.profile ? "page" : undefined}
                >
                  {viewer.displayName}
                </a>
                {viewer.role !== "reader" ? <a href={links.newsroom}>Newsroom</a> : null}
                <a href={links.logout}>Log out</a>
              </>
            ) : (
              <>
                <a href={links.login}>Log in</a>
                <a href={links.signUp}>Sign up</a>
              </>
            )}
          </nav>
        </div>
        <p className="s-masthead__title">
          <a href={links.home} aria-current={pathname === links.home ? "page" : undefined}>
            {publicationName}
          </a>
        </p>
        <nav className="s-sections" aria-label="Sections">
          <ul>
            {sections.map((section) => {
              const href = hrefFor("content.section", { section: section.slug });
              return (
                <li key={section.slug}>
                  <a href={href} aria-current={isCurrent(pathname, href) ? "page" : undefined}>
                    {section.name}
                  </a>
                </li>
              );
            })}
            <li>
              <a
                href={links.todaysPaper}
                aria-current={isCurrent(pathname, links.todaysPaper) ? "page" : undefined}
              >
                Today&rsquo;s paper
              </a>
            </li>
          </ul>
        </nav>
        <div className={busy ? "s-progress s-progress--busy" : "s-progress"} aria-hidden="true" />
      </header>
      {banner ? <BreakingNews banner={banner} /> : null}
      <main id="main" className="s-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="s-footer">
        <nav aria-label="About the publication">
          <ul>
            <li>
              <a href={links.about}>About us</a>
            </li>
            <li>
              <a href={links.contact}>Contact</a>
            </li>
            <li>
              <a href={links.todaysPaper}>Today&rsquo;s paper</a>
            </li>
            <li>
              <a href={links.authors}>Authors</a>
            </li>
            <li>
              <a href={links.tags}>Topics</a>
            </li>
            {legalPages.map((page) => (
              <li key={page.href}>
                <a href={page.href}>{page.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>&copy; {publicationName}. Independent journalism, composed at the edge.</p>
      </footer>
    </>
  );
}
