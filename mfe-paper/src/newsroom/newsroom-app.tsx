import type { FragmentAppProps } from "shell/contract";
import {
  isPrintDeskView,
  type PrintDeskView,
  type PrintDeskViewName,
} from "./ui/print-desk-views.ts";
import { PrintEditionPage } from "./ui/print-edition-page.tsx";
import { PrintEditionsPage } from "./ui/print-editions-page.tsx";
import { PrintProblemPage } from "./ui/print-problem-page.tsx";
import { PrintTemplatePage } from "./ui/print-template-page.tsx";

/**
 * The paper fragment's newsroom root (the print desk, issue 17), the same on the server and in
 * the browser, where it is the remote's `./newsroom` module; readers never load it. Every route
 * may also render the `print-problem` view (403, a missing edition).
 */

const viewOfRoute: Readonly<Record<string, PrintDeskViewName>> = {
  "paper.newsroom-print": "print-editions",
  "paper.newsroom-print-edition": "print-edition",
  "paper.newsroom-print-template": "print-template",
};

function PrintDeskPage({ view }: { view: PrintDeskView }) {
  switch (view.view) {
    case "print-editions":
      return <PrintEditionsPage view={view} />;
    case "print-edition":
      return <PrintEditionPage view={view} />;
    case "print-template":
      return <PrintTemplatePage view={view} />;
    case "print-problem":
      return <PrintProblemPage view={view} />;
  }
}

export function NewsroomApp({ routeId, props }: FragmentAppProps) {
  const expected = Object.hasOwn(viewOfRoute, routeId) ? viewOfRoute[routeId] : undefined;
  if (!expected || !isPrintDeskView(props)) return null;
  if (props.view !== "print-problem" && props.view !== expected) return null;
  return <PrintDeskPage view={props} />;
}
