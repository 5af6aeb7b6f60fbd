import type { ReactNode } from "react";
import type { InlineRunView } from "./content-views.ts";

/**
 * Body text with its marks: bold, italic and links, all as React elements (never HTML). Links
 * to other sites say so to crawlers (`rel="noopener"` keeps the page out of their reach) and
 * open in the same tab, as every other link of the site does.
 */
export function InlineText({ text, runs }: { text: string; runs: InlineRunView[] | null }) {
  if (!runs) return <>{text}</>;
  return (
    <>
      {runs.map((run, index) => {
        let node: ReactNode = run.text;
        if (run.italic) node = <em>{node}</em>;
        if (run.bold) node = <strong>{node}</strong>;
        if (run.href !== null) {
          node = (
            <a href={run.href} {...(run.external ? { rel: "noopener" } : {})}>
              {node}
            </a>
          );
        }
        return <span key={index}>{node}</span>;
      })}
    </>
  );
}
