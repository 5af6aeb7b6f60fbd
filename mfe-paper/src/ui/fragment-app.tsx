import type { FragmentAppProps } from "shell/contract";
import { EditionPage } from "./edition-page.tsx";
import { NoEditionPage } from "./no-edition-page.tsx";
import { PaperViewSchema } from "./paper-view.ts";
import { NoPagePage, PrintPage } from "./print-page.tsx";

const READER_ROUTES = new Set(["paper.today", "paper.edition", "paper.page"]);

/** The paper's root component, rendered by the Worker and hydrated in the browser. */
export function FragmentApp({ routeId, props }: FragmentAppProps) {
  const view = PaperViewSchema.safeParse(props);
  if (!READER_ROUTES.has(routeId) || !view.success) {
    return (
      <section className="p-edition">
        <p className="p-problem" role="alert">
          This edition cannot be shown right now.
        </p>
      </section>
    );
  }
  switch (view.data.view) {
    case "edition":
      return <EditionPage view={view.data} />;
    case "no-edition":
      return <NoEditionPage view={view.data} />;
    case "page":
      return <PrintPage view={view.data} />;
    case "no-page":
      return <NoPagePage view={view.data} />;
  }
}
