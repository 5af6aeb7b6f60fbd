import type { ReactNode } from "react";

/** A way on from a screen; `lead` is the words before the link ("New here? "). */
export type PanelLink = { href: string; label: string; lead?: string };

/**
 * The frame every account screen sits in: a narrow panel with its heading, the screen's own
 * content, and the links onward, last.
 */
export function AccountPanel({
  title,
  intro,
  links = [],
  wide = false,
  children,
}: {
  title: string;
  intro?: string;
  links?: PanelLink[];
  /** Room for tables (the newsroom's staff list and audit log). */
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={wide ? "a-panel a-panel--wide" : "a-panel"} aria-labelledby="a-title">
      <h1 id="a-title" className="a-title">
        {title}
      </h1>
      {intro && <p className="a-intro">{intro}</p>}
      {children}
      {links.length > 0 && (
        <ul className="a-links">
          {links.map((link) => (
            <li key={link.href}>
              {link.lead}
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
