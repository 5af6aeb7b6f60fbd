import type { FragmentAppProps } from "shell/contract";
import { EditionPage } from "./edition-page.tsx";
import { NoEditionPage } from "./no-edition-page.tsx";
import { PaperViewSchema } from "./paper-view.ts";

/** The paper's root component, rendered by the Worker and hydrated in the browser. */
export function FragmentApp({ routeId, props }: FragmentAppProps) {
  const view = PaperViewSchema.safeParse(props);
  if ((routeId !== "paper.today" && routeId !== "paper.edition") || !view.success) {
    return (
      <section className="p-edition">
        <p className="p-problem" role="alert">
          This edition cannot be shown right now.
        </p>
      </section>
    );
  }
  return view.data.view === "edition" ? (
    <EditionPage view={view.data} />
  ) : (
    <NoEditionPage view={view.data} />
  );
}
