import type { ReactNode } from "react";
import type { NavSection } from "../contract/navigation-contract.ts";

export const SITE_NAME = "The Daily Edge";

interface ShellLayoutProps {
  sections: NavSection[];
  viewer: { displayName: string } | null;
  dateLine: string;
  pathname: string;
  busy?: boolean;
  children: ReactNode;
}

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Masthead, navigation and footer: the regions the shell owns on every page. */
export function ShellLayout({
  sections,
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
          <nav className="s-account-nav" aria-label="Account">
            {viewer ? (
              <>
                <a href="/profile" aria-current={pathname === "/profile" ? "page" : undefined}>
                  {viewer.displayName}
                </a>
                <a href="/logout">Log out</a>
              </>
            ) : (
              <>
                <a href="/login">Log in</a>
                <a href="/sign-up">Sign up</a>
              </>
            )}
          </nav>
        </div>
        <p className="s-masthead__title">
          <a href="/" aria-current={pathname === "/" ? "page" : undefined}>
            {SITE_NAME}
          </a>
        </p>
        <nav className="s-sections" aria-label="Sections">
          <ul>
            {sections.map((section) => {
              const href = `/${section.slug}`;
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
                href="/todays-paper"
                aria-current={isCurrent(pathname, "/todays-paper") ? "page" : undefined}
              >
                Today&rsquo;s paper
              </a>
            </li>
          </ul>
        </nav>
        <div className={busy ? "s-progress s-progress--busy" : "s-progress"} aria-hidden="true" />
      </header>
      <main id="main" className="s-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="s-footer">
        <nav aria-label="About the publication">
          <ul>
            <li>
              <a href="/pages/about">About us</a>
            </li>
            <li>
              <a href="/pages/contact">Contact</a>
            </li>
            <li>
              <a href="/todays-paper">Today&rsquo;s paper</a>
            </li>
          </ul>
        </nav>
        <p>&copy; {SITE_NAME}. Independent journalism, composed at the edge.</p>
      </footer>
    </>
  );
}
