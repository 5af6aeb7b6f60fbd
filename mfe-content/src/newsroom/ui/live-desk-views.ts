import type { ProblemView } from "./newsroom-views.ts";

/**
 * `/newsroom/stories/:id/live` (issue 16, decision 0021): a story's live blog on the desk.
 * Its own module beside `newsroom-views.ts`, which names it in the union of newsroom views.
 */

export interface LiveDeskUpdateView {
  id: string;
  /** ISO instants, for `<time>`. */
  postedAt: string;
  updatedAt: string;
  postedBy: string | null;
  updatedBy: string | null;
  keyEvent: boolean;
  /** The update as the form's text: paragraphs separated by a blank line. */
  text: string;
  version: number;
}

/** What the person typed, kept when the API refused it; `update` names an edited update. */
export interface LiveDeskSentView {
  update: string | null;
  text: string;
  keyEvent: boolean;
}

export type LiveDeskNotice = "started" | "ended" | "posted" | "edited" | "deleted";

export interface LiveDeskView {
  view: "live";
  publication: { name: string; timeZone: string };
  /** Where every form of the screen posts (the screen itself). */
  action: string;
  storyHref: string;
  headline: string;
  /** The story is published or scheduled: it may go live. */
  publishable: boolean;
  state: "live" | "ended" | null;
  startedAt: string | null;
  endedAt: string | null;
  /** Editors and admins; contributors see the blog without the forms. */
  canManage: boolean;
  updates: LiveDeskUpdateView[];
  problems: ProblemView[];
  sent: LiveDeskSentView | null;
  notice: LiveDeskNotice | null;
}
