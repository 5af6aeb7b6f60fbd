import type { NewsroomProblemView } from "./newsroom-views.ts";

const headings: Readonly<Record<NewsroomProblemView["kind"], string>> = {
  forbidden: "You cannot do this",
  "preview-expired": "This preview has expired",
  "not-found": "Not found",
};

/** A 403 (the role may not), an expired preview or a missing story, with a way back. */
export function ProblemPage({ view }: { view: NewsroomProblemView }) {
  return (
    <div className="c-page c-nr c-nr-problem-page">
      <h1>{headings[view.kind]}</h1>
      <p>{view.message}</p>
      <p>
        <a href={view.deskHref}>Back to the stories</a>
      </p>
    </div>
  );
}
