import type { BodyBlock } from "edge-api/contract/content";
import type { ArticleView, PublicationView } from "../../ui/content-views.ts";
import type { ImportFormPageView, ImportJobView } from "./import-views.ts";
import type { LiveDeskView } from "./live-desk-views.ts";
import type { MediaImageView, MediaItemView, MediaLibraryView } from "./media-views.ts";

/**
 * View props of the story desk's pages (`content.newsroom*` routes): what the newsroom's
 * server half renders with and its browser half hydrates with. Like the reader's views they
 * are page-shaped and separate from edge-api's answers; dates are ISO text shown in the
 * publication's time zone.
 */

interface NewsroomViewBase {
  publication: PublicationView;
}

export type StoryStatusName = "draft" | "submitted" | "scheduled" | "published" | "unpublished";

export interface OptionView {
  value: string;
  label: string;
}

/** A problem with what was sent, next to its field (`field` is the input's name). */
export interface ProblemView {
  field: string;
  message: string;
}

/** A piece of a text diff: unchanged, added (`ins`) or removed (`del`). */
export interface DiffPartView {
  text: string;
  change: "same" | "added" | "removed";
}

/** One field that differs between two versions of a story. */
export interface FieldChangeView {
  field: string;
  label: string;
  parts: DiffPartView[];
}

// ---- The story list ------------------------------------------------------------------------

export interface StoryRowView {
  href: string;
  headline: string;
  status: StoryStatusName;
  section: string;
  authors: string[];
  publishedAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
}

export interface DeskView extends NewsroomViewBase {
  view: "desk";
  filters: { status: string; section: string; author: string; q: string };
  statuses: OptionView[];
  sections: OptionView[];
  authors: OptionView[];
  stories: StoryRowView[];
  /** The next, older page of the same filters. */
  nextHref: string | null;
  /** True on a page after the first (a link back to the newest). */
  paged: boolean;
  firstHref: string;
  newStoryHref: string;
}

// ---- The story editor ----------------------------------------------------------------------

/** The editor's fields as the form holds them (text), so a refused form comes back as sent. */
export interface StoryFormValues {
  headline: string;
  standfirst: string;
  section: string;
  category: string;
  authors: string[];
  tags: string[];
  slug: string;
  seoTitle: string;
  seoDescription: string;
  leadImage: string;
  leadImageAlt: string;
  leadImageCaption: string;
  leadImageCredit: string;
  newAuthorName: string;
  newAuthorJobTitle: string;
  newTags: string;
}

export interface DeskSectionOption {
  slug: string;
  name: string;
  categories: OptionView[];
}

export interface DeskImageOption {
  id: number;
  src: string;
  alt: string;
  caption: string;
  credit: string;
  width: number;
  height: number;
}

/** A library photograph the editor offers for the lead and the body (issue 16). */
export interface EditorPhotoView {
  id: string;
  revision: number;
  /** The lead image select's value: `media:<id>`. */
  value: string;
  alt: string;
  caption: string;
  credit: string;
  /** Its screen in the library: focal point and crops. */
  href: string;
  /** The lead's crop (wide), small: the chosen lead's thumbnail. */
  leadThumb: MediaImageView;
  /** The whole photograph, small: the body's insert control. */
  thumb: MediaImageView;
  /** The full use (a body image shows it): its widths and rectangle. */
  full: { widths: number[]; width: number; height: number };
}

export interface CorrectionView {
  at: string;
  text: string;
  by: string | null;
}

export interface StoryPermissionsView {
  edit: boolean;
  submit: boolean;
  publish: boolean;
  unpublish: boolean;
  correct: boolean;
}

/** The story's state when the person's save was refused as stale (409). */
export interface ConflictView {
  /** The revision the person started from, and the one that is current now. */
  baseNumber: number | null;
  currentRevision: string;
  currentBy: string | null;
  currentAt: string;
  /** Field by field, from the person's starting revision to the current one. */
  changes: FieldChangeView[];
  /** What the person tried to do (`save`, `publish`…), to say it back. */
  intent: string;
}

export type EditorNotice =
  | "created"
  | "saved"
  | "submitted"
  | "published"
  | "scheduled"
  | "unpublished"
  | "returned"
  | "corrected"
  | "restored";

export interface StoryEditorView extends NewsroomViewBase {
  view: "story-editor";
  /** Where the form posts (its own address) and the JSON navigation reads. */
  action: string;
  storyId: string | null;
  /** The revision the form started from (`baseRevision`); null for a new story. */
  revision: string | null;
  status: StoryStatusName | null;
  publishedAt: string | null;
  updatedAt: string | null;
  values: StoryFormValues;
  body: BodyBlock[];
  sections: DeskSectionOption[];
  authors: OptionView[];
  tags: OptionView[];
  images: DeskImageOption[];
  /** The newest photographs of the library, and the chosen lead photograph if it is older. */
  photographs: EditorPhotoView[];
  can: StoryPermissionsView;
  /** Editors and admins may create author profiles and tags from the editor. */
  canCreateTaxonomy: boolean;
  problems: ProblemView[];
  notice: EditorNotice | null;
  conflict: ConflictView | null;
  /** The unpublish intent was asked for and needs a confirmation. */
  confirmUnpublish: boolean;
  corrections: CorrectionView[];
  revisionsHref: string | null;
  /** The story's live blog screen (issue 16); null for a story not yet saved. */
  liveHref: string | null;
  deskHref: string;
  /** Schedule defaults: a calendar date and a time in the publication's time zone. */
  schedule: { date: string; time: string };
  seoTitleMax: number;
  seoDescriptionMax: number;
  /** The correction being written, kept when it was refused. */
  correctionText: string;
}

// ---- Revisions -----------------------------------------------------------------------------

export interface RevisionRowView {
  id: string;
  number: number;
  at: string;
  by: string | null;
  note: string;
}

export interface RevisionsView extends NewsroomViewBase {
  view: "revisions";
  storyId: string;
  headline: string;
  action: string;
  editorHref: string;
  /** The story's current revision, named by a restore. */
  currentRevision: string;
  revisions: RevisionRowView[];
  from: string;
  to: string;
  diff: { fromNumber: number; toNumber: number; changes: FieldChangeView[] } | null;
  problems: ProblemView[];
  notice: string | null;
}

// ---- Preview, taxonomy and problems --------------------------------------------------------

export interface PreviewView extends NewsroomViewBase {
  view: "preview";
  article: ArticleView;
}

export interface TaxonomyItemView {
  id: string;
  slug: string;
  name: string;
  /** Description (sections, tags) or bio (authors). */
  description: string;
  jobTitle: string;
}

export interface SectionItemView extends TaxonomyItemView {
  /** The whole order with this section one place up or down; null at either end. */
  upOrder: string | null;
  downOrder: string | null;
  categories: TaxonomyItemView[];
}

/**
 * One of the site-map pages. A form is named by `form`: `new`, an item's id, or
 * `new-category:<section id>`; problems and kept values belong to the form that was sent.
 */
export interface TaxonomyView extends NewsroomViewBase {
  view: "sections" | "authors" | "tags";
  action: string;
  /** Editors and admins change the site's map; contributors read it (the API decides). */
  canEdit: boolean;
  sections: SectionItemView[];
  items: TaxonomyItemView[];
  problems: ProblemView[];
  failedForm: string | null;
  sent: Record<string, string>;
  notice: string | null;
}

// ---- The front page and the banner (issue 16) ---------------------------------------------

/** A story the desk may put on the front page, as a select's option. */
export interface FrontPageOptionView {
  id: string;
  /** "Headline (Section, 24 Nov 14:05)", and "not visible" for one readers cannot see. */
  label: string;
  section: string;
}

/** The lead (index 0) or a top-story slot: pinned to `storyId`, or automatic. */
export interface FrontPageSlotView {
  name: string;
  label: string;
  storyId: string;
  pinned: boolean;
}

export interface FrontPageSectionView {
  slug: string;
  name: string;
  picked: boolean;
  /** The picks in order, padded with "" to the block's size. */
  stories: string[];
}

export interface FrontPageView extends NewsroomViewBase {
  view: "front-page";
  action: string;
  /** Editors and admins change the front page and the banner; contributors read them. */
  canEdit: boolean;
  revision: string;
  updatedAt: string | null;
  updatedBy: string | null;
  slots: FrontPageSlotView[];
  sections: FrontPageSectionView[];
  candidates: FrontPageOptionView[];
  banner: { headline: string; link: string; active: boolean };
  bannerMax: number;
  problems: ProblemView[];
  /** Which form the problems belong to. */
  failedForm: "front-page" | "banner" | null;
  /** The front page changed since the editor opened it (409): this shows it as it is now. */
  stale: boolean;
  notice: string | null;
}

export interface NewsroomProblemView extends NewsroomViewBase {
  view: "problem";
  kind: "forbidden" | "preview-expired" | "not-found";
  message: string;
  deskHref: string;
}

export type NewsroomView =
  | DeskView
  | StoryEditorView
  | RevisionsView
  | PreviewView
  | TaxonomyView
  | FrontPageView
  | LiveDeskView
  | MediaLibraryView
  | MediaItemView
  | ImportFormPageView
  | ImportJobView
  | NewsroomProblemView;

export type NewsroomViewName = NewsroomView["view"];

const viewNames = new Set<string>([
  "desk",
  "story-editor",
  "revisions",
  "preview",
  "sections",
  "authors",
  "tags",
  "front-page",
  "live",
  "media-library",
  "media-item",
  "import",
  "import-job",
  "problem",
]);

/** The discriminant and the publication every page needs; a wrong route renders nothing. */
export function isNewsroomView(value: unknown): value is NewsroomView {
  if (typeof value !== "object" || value === null) return false;
  const { view, publication } = value as { view?: unknown; publication?: unknown };
  return (
    typeof view === "string" &&
    viewNames.has(view) &&
    typeof publication === "object" &&
    publication !== null &&
    typeof (publication as { timeZone?: unknown }).timeZone === "string"
  );
}

export const statusLabels: Readonly<Record<StoryStatusName, string>> = {
  draft: "Draft",
  submitted: "Submitted for review",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};
