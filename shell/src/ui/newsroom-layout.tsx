import type { ReactNode } from "react";
import type { ViewerRole } from "../contract/navigation-constants.ts";
import { hrefFor } from "../contract/site-addresses.ts";
import type { ShellLayoutProps } from "./shell-layout.tsx";

/**
 * The newsroom's chrome (issue 13): its own navigation, who is signed in with which role, and
 * a way to sign out. Fragments render only their page's content inside it (an h1 and the
 * screen). The browser loads this module only on newsroom pages.
 */

const roleNames: Record<ViewerRole, string> = {
  reader: "Reader",
  contributor: "Contributor",
  editor: "Editor",
  admin: "Administrator",
};

type DeskRouteId =
  | "content.newsroom"
  | "content.newsroom-new-story"
  | "content.newsroom-front-page"
  | "content.newsroom-media"
  | "paper.newsroom-print"
  | "content.newsroom-sections"
  | "content.newsroom-authors"
  | "content.newsroom-tags"
  | "content.newsroom-import"
  | "account.newsroom-staff"
  | "account.newsroom-audit"
  | "account.newsroom-security";

interface DeskLink {
  id: DeskRouteId;
  label: string;
  /** Only administrators see it (the API refuses everyone else anyway). */
  adminOnly?: boolean;
  /** Only editors and administrators see it (the API refuses contributors anyway). */
  editorsOnly?: boolean;
}

const deskLinks: readonly DeskLink[] = [
  { id: "content.newsroom", label: "Stories" },
  { id: "content.newsroom-new-story", label: "New story" },
  { id: "content.newsroom-front-page", label: "Front page" },
  { id: "content.newsroom-media", label: "Photographs" },
  { id: "paper.newsroom-print", label: "Print desk", editorsOnly: true },
  { id: "content.newsroom-sections", label: "Sections" },
  { id: "content.newsroom-authors", label: "Authors" },
  { id: "content.newsroom-tags", label: "Tags" },
  { id: "content.newsroom-import", label: "Import", adminOnly: true },
  { id: "account.newsroom-staff", label: "Staff", adminOnly: true },
  { id: "account.newsroom-audit", label: "Audit log", adminOnly: true },
  { id: "account.newsroom-security", label: "Security" },
];

const home = hrefFor("content.newsroom");
const site = hrefFor("content.home");
const logout = hrefFor("account.logout");
const login = hrefFor("account.login");

/** "Stories" is current on the list and on every story's pages, except "New story". */
function isCurrent(pathname: string, href: string): boolean {
  if (href === home) {
    return (
      pathname === home ||
      (pathname.startsWith(`${home}/stories/`) &&
        pathname !== hrefFor("content.newsroom-new-story"))
    );
  }
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function NewsroomLayout({
  publicationName,
  viewer,
  pathname,
  busy = false,
  children,
}: ShellLayoutProps): ReactNode {
  const staff = viewer !== null && viewer.role !== "reader";
  // Until the second factor is passed, the desk's pages would only send the person back here.
  const links =
    staff && viewer.newsroomVerified
      ? deskLinks.filter(
          (link) =>
            (!link.adminOnly || viewer.role === "admin") &&
            (!link.editorsOnly || viewer.role === "editor" || viewer.role === "admin"),
        )
      : [];
  return (
    <>
      <a className="s-skip-link" href="#main">
        Skip to content
      </a>
      <header className="s-newsroom-bar">
        <div className="s-newsroom-bar__top">
          <p className="s-newsroom-bar__title">
            <a href={staff ? home : site}>
              {publicationName} <span className="s-newsroom-bar__desk">Newsroom</span>
            </a>
          </p>
          <div className="s-newsroom-bar__person">
            {viewer ? (
              <>
                <p>
                  <span className="s-visually-hidden">Signed in as </span>
                  <span className="s-newsroom-bar__name">{viewer.displayName}</span>
                  <span className="s-newsroom-bar__role">{roleNames[viewer.role]}</span>
                </p>
                <a href={logout}>Sign out</a>
              </>
            ) : (
              <a href={login}>Log in</a>
            )}
          </div>
        </div>
        {links.length > 0 ? (
          <nav className="s-newsroom-nav" aria-label="Newsroom">
            <ul>
              {links.map((link) => {
                const href = hrefFor(link.id);
                return (
                  <li key={link.id}>
                    <a href={href} aria-current={isCurrent(pathname, href) ? "page" : undefined}>
                      {link.label}
                    </a>
                  </li>
                );
              })}
              <li className="s-newsroom-nav__site">
                <a href={site}>View the site</a>
              </li>
            </ul>
          </nav>
        ) : null}
        <div className={busy ? "s-progress s-progress--busy" : "s-progress"} aria-hidden="true" />
      </header>
      <main id="main" className="s-main s-main--newsroom" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
