import type { ReactNode } from "react";

/** The frame every account screen sits in: a narrow panel with its heading. */
export function AccountPanel({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className="a-panel" aria-labelledby="a-title">
      <h1 id="a-title" className="a-title">
        {title}
      </h1>
      {intro && <p className="a-intro">{intro}</p>}
      {children}
    </section>
  );
}
