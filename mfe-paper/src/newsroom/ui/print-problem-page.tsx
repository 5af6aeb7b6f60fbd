import type { PrintProblemView } from "./print-desk-views.ts";

const headings: Readonly<Record<PrintProblemView["kind"], string>> = {
  forbidden: "You cannot do this",
  "not-found": "Not found",
};

/** A 403 (the print desk is for editors and admins) or a missing edition, with a way back. */
export function PrintProblemPage({ view }: { view: PrintProblemView }) {
  return (
    <div className="p-pd">
      <h1>{headings[view.kind]}</h1>
      <p>{view.message}</p>
      <p>
        <a href={view.listHref}>Back to the print desk</a>
      </p>
    </div>
  );
}
