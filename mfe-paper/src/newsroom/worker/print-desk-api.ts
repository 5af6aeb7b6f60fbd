import type { ApiResult } from "edge-api/client";
import type { FoundStory, StoryChoice, Weekday } from "../ui/print-desk-views.ts";
import type {
  PageSaveRequest,
  PlanRequest,
  PublishRequest,
  SettingsRequest,
  TemplateRequest,
} from "./print-desk-forms.ts";

/**
 * What the print desk's screens need from edge-api (issue 17), in the screens' own words. The
 * loaders depend on this, not on the wire: `print-desk-client.ts` maps it onto edge-api's print
 * desk endpoints (`edge-api/contract/print-desk`), and tests hand the loaders their own.
 */

export interface DeskPlacement {
  storyId: string;
  webHeadline: string;
  printHeadline: string;
  order: number;
  lead: boolean;
}

export interface DeskPage {
  label: string;
  placements: readonly DeskPlacement[];
}

export interface DeskBook {
  letter: string;
  name: string;
  pages: readonly DeskPage[];
}

export interface DeskEdition {
  date: string;
  status: "planned" | "published";
  revision: string;
  books: readonly DeskBook[];
}

export interface DeskEditionSummary {
  date: string;
  status: "planned" | "published";
  pageCount: number;
  placementCount: number;
}

export interface DeskTemplate {
  revision: string;
  books: readonly { letter: string; name: string; pageCount: number }[];
}

export interface DeskSettings {
  revision: string;
  noEditionWeekdays: readonly Weekday[];
  noEditionDates: readonly { date: string; note: string | null }[];
  publishHour: string;
}

export interface PrintDeskApi {
  editions(): Promise<ApiResult<{ editions: readonly DeskEditionSummary[] }>>;
  edition(
    date: string,
  ): Promise<
    ApiResult<{ edition: DeskEdition; unplaced: readonly StoryChoice[]; publishHour: string }>
  >;
  template(): Promise<ApiResult<DeskTemplate>>;
  settings(): Promise<ApiResult<DeskSettings>>;
  plan(request: PlanRequest): Promise<ApiResult<unknown>>;
  savePage(date: string, request: PageSaveRequest): Promise<ApiResult<unknown>>;
  publish(date: string, request: PublishRequest): Promise<ApiResult<unknown>>;
  /** This edition's books and page counts (pages cut must be empty). */
  saveBooks(date: string, request: TemplateRequest): Promise<ApiResult<unknown>>;
  /** Published or scheduled stories of any day by words of their headline or slug. */
  findStories(date: string, words: string): Promise<ApiResult<{ stories: readonly FoundStory[] }>>;
  saveTemplate(request: TemplateRequest): Promise<ApiResult<unknown>>;
  saveSettings(request: SettingsRequest): Promise<ApiResult<unknown>>;
}
