import type { ApiFailure } from "edge-api/client";
import type { AnswerOf, BodyOf } from "edge-api/contract/endpoints";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type {
  FrontPageOptionView,
  FrontPageSectionView,
  FrontPageSlotView,
  FrontPageView,
  ProblemView,
} from "../ui/newsroom-views.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  need,
  newsroomPage,
  publicationView,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";
import { zonedParts } from "./zoned-time.ts";

/**
 * `/newsroom/front-page` (issue 16, decision 0020): the lead and top slots, each pinned to a
 * story or automatic, moved up and down with buttons that save the whole form; each section's
 * block automatic or picked; and the breaking-news banner. Plain forms that work without
 * JavaScript. A stale revision (409) shows the front page as it is now and says so; a refused
 * story (422) comes back on its slot with what was sent.
 */

const TITLE = "Front page";
const SLOT_LABELS = ["Lead", "Top story 1", "Top story 2", "Top story 3", "Top story 4"];
const BLOCK_SIZE = 4;
const BANNER_MAX = 140;
const STORY_ID = /^[1-9]\d{0,14}$/;
const SECTION_SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;

const notices: Readonly<Record<string, string>> = {
  "front-page": "The front page is saved. Readers see it on their next visit.",
  "banner-on": "The banner is on: every reader page shows it from now.",
  "banner-saved": "The banner is saved. It is off: readers do not see it.",
  "banner-off": "The banner is off.",
};

type FrontPage = AnswerOf<"frontPage">;
type Curation = BodyOf<"saveFrontPage">["curation"];

interface Failed {
  form: "front-page" | "banner";
  problems: ProblemView[];
  status: 400 | 409 | 422;
}

const slotName = (index: number) => `slot-${index}`;

function optionLabel(story: FrontPage["candidates"][number], timeZone: string): string {
  const when = story.publishedAt ? zonedParts(new Date(story.publishedAt), timeZone) : null;
  const dated = when ? `${story.section.name}, ${when.date} ${when.time}` : story.section.name;
  return `${story.headline} (${dated})${story.visible ? "" : ", not visible to readers"}`;
}

/** The slots as stored, or as the editor sent them when the form was refused. */
function slotViews(answer: FrontPage, sent: Record<string, string> | null): FrontPageSlotView[] {
  const stored = [answer.frontPage.curation.lead, ...answer.frontPage.curation.top];
  return SLOT_LABELS.map((label, index) => {
    const name = slotName(index);
    if (sent) {
      return { name, label, storyId: sent[name] ?? "", pinned: sent[`${name}-pin`] === "on" };
    }
    const storyId = stored[index] ?? "";
    return { name, label, storyId, pinned: storyId !== "" };
  });
}

function sectionViews(
  answer: FrontPage,
  sent: Record<string, string> | null,
): FrontPageSectionView[] {
  return answer.sections.map(({ slug, name }) => {
    const stored = answer.frontPage.curation.sections.find((block) => block.section === slug);
    const picks = sent
      ? Array.from({ length: BLOCK_SIZE }, (_, k) => sent[`section-${slug}-${k + 1}`] ?? "")
      : (stored?.stories ?? []);
    const picked = sent
      ? sent[`section-${slug}-mode`] === "picked"
      : (stored?.stories ?? null) !== null;
    const stories = Array.from({ length: BLOCK_SIZE }, (_, k) => picks[k] ?? "");
    return { slug, name, picked, stories };
  });
}

async function renderPage(
  context: NewsroomContext,
  failed: Failed | null = null,
  stale = false,
): Promise<LoadOutcome> {
  const [frontPageResult, bannerResult] = await Promise.all([
    context.api.call("frontPage", {}),
    context.api.call("deskBanner", {}),
  ]);
  const answer = need(context, frontPageResult, "read the front page");
  const { banner } = need(context, bannerResult, "read the banner");
  const timeZone = context.publication.timeZone;
  const sentFrontPage = failed?.form === "front-page" ? context.form : null;
  const sentBanner = failed?.form === "banner" ? context.form : null;
  const candidates: FrontPageOptionView[] = answer.candidates.map((story) => ({
    id: story.id,
    label: optionLabel(story, timeZone),
    section: story.section.slug,
  }));
  const done = context.isPost ? "" : (context.query.get("done") ?? "");
  const role = context.request.viewer?.role;
  const view: FrontPageView = {
    view: "front-page",
    publication: publicationView(context.publication),
    action: hrefFor("content.newsroom-front-page"),
    canEdit: role === "editor" || role === "admin",
    revision: answer.frontPage.revision,
    updatedAt: answer.frontPage.updatedAt,
    updatedBy: answer.frontPage.updatedBy?.displayName ?? null,
    slots: slotViews(answer, sentFrontPage),
    sections: sectionViews(answer, sentFrontPage),
    candidates,
    banner: sentBanner
      ? {
          headline: sentBanner.headline ?? "",
          link: sentBanner.link ?? "",
          active: sentBanner.active === "on",
        }
      : {
          headline: banner?.headline ?? "",
          link: banner?.link ?? "",
          active: banner?.active ?? false,
        },
    bannerMax: BANNER_MAX,
    problems: failed?.problems ?? [],
    failedForm: failed?.form ?? null,
    stale,
    notice: notices[done] ?? null,
  };
  return newsroomPage(context, TITLE, view, failed?.status ?? (stale ? 409 : 200));
}

/** The slots' order after a move button: the two slots swap stories and pins. */
function movedSlots(form: Record<string, string>, intent: string): Record<string, string> {
  const match = /^move-(up|down):([0-4])$/.exec(intent);
  if (!match) return form;
  const from = Number(match[2]);
  const to = match[1] === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= SLOT_LABELS.length) return form;
  const moved = { ...form };
  for (const suffix of ["", "-pin"]) {
    const [a, b] = [`${slotName(from)}${suffix}`, `${slotName(to)}${suffix}`];
    const [valueA, valueB] = [form[a], form[b]];
    delete moved[a];
    delete moved[b];
    if (valueB !== undefined) moved[a] = valueB;
    if (valueA !== undefined) moved[b] = valueA;
  }
  return moved;
}

/** The curation the form asks for, or the problems with it (before the API is asked). */
function curationFrom(
  form: Record<string, string>,
): { ok: true; curation: Curation } | { ok: false; problems: ProblemView[] } {
  const problems: ProblemView[] = [];
  const slots = SLOT_LABELS.map((_, index) => {
    const name = slotName(index);
    const story = (form[name] ?? "").trim();
    if (story === "" || form[`${name}-pin`] !== "on") return null;
    if (!STORY_ID.test(story)) {
      problems.push({ field: name, message: "Choose a story from the list." });
      return null;
    }
    return story;
  });
  const sections: Curation["sections"] = [];
  for (const key of Object.keys(form)) {
    const slug = /^section-(.+)-mode$/.exec(key)?.[1];
    if (slug === undefined || !SECTION_SLUG.test(slug)) continue;
    if (form[key] !== "picked") {
      sections.push({ section: slug, stories: null });
      continue;
    }
    const picks = Array.from({ length: BLOCK_SIZE }, (_, k) =>
      (form[`section-${slug}-${k + 1}`] ?? "").trim(),
    ).filter((id) => id !== "");
    if (picks.length === 0 || !picks.every((id) => STORY_ID.test(id))) {
      problems.push({
        field: `section-${slug}`,
        message: "Choose at least one story for this block, or leave it automatic.",
      });
      continue;
    }
    sections.push({ section: slug, stories: picks });
  }
  if (problems.length > 0) return { ok: false, problems };
  const [lead = null, ...top] = slots;
  return { ok: true, curation: { lead, top, sections } };
}

/** The API's 422 on the front page, on the slot or block it names. */
function frontPageProblems(failure: ApiFailure): ProblemView[] {
  const field = failure.field ?? "";
  const slot = /^top\.(\d)$/.exec(field);
  if (field === "lead" || slot) {
    return [
      {
        field: slotName(slot ? Number(slot[1]) + 1 : 0),
        message:
          "This story cannot go here: it is not published, no longer exists, or is already in another place.",
      },
    ];
  }
  if (field.startsWith("sections.")) {
    return [
      {
        field: `section-${field.slice("sections.".length)}`,
        message:
          "One of these stories cannot go in this block: it is not published, belongs to another section, or is chosen twice.",
      },
    ];
  }
  return [{ field: "form", message: "The front page could not be saved. Check it and try again." }];
}

const bannerMessages: Readonly<Record<string, string>> = {
  headline: `Write a headline of up to ${BANNER_MAX} characters.`,
  link: "The link must be a page of this site (starting with /) or an address starting with https://.",
};

function bannerProblems(failure: ApiFailure): ProblemView[] {
  const field = failure.code === "invalid_link" ? "link" : (failure.field ?? "form");
  return [{ field, message: bannerMessages[field] ?? "The banner could not be saved. Check it." }];
}

async function saveFrontPage(context: NewsroomContext, intent: string): Promise<LoadOutcome> {
  const form = movedSlots(context.form, intent);
  const moved = form !== context.form;
  const parsed = curationFrom(form);
  const withForm = { ...context, form };
  if (!parsed.ok) {
    return renderPage(withForm, { form: "front-page", problems: parsed.problems, status: 422 });
  }
  const body = { baseRevision: context.form.baseRevision ?? "", curation: parsed.curation };
  const result = await context.api.call("saveFrontPage", { body });
  if (result.ok) {
    // A move shows the page again with the same order; a save says so.
    return seeOther(
      moved
        ? hrefFor("content.newsroom-front-page")
        : `${hrefFor("content.newsroom-front-page")}?done=front-page`,
    );
  }
  const common = commonFailure(context, result, "change the front page");
  if (common) return common;
  if (result.status === 409) return renderPage(context, null, true);
  if (result.status === 422 || result.status === 400) {
    const status = result.status;
    return renderPage(withForm, {
      form: "front-page",
      problems: frontPageProblems(result),
      status,
    });
  }
  throw apiUnavailable("front page save", result);
}

async function saveBanner(context: NewsroomContext, off: boolean): Promise<LoadOutcome> {
  const active = !off && context.form.active === "on";
  const result = off
    ? await context.api.call("bannerOff", {})
    : await context.api.call("saveBanner", {
        body: {
          headline: context.form.headline ?? "",
          link: context.form.link ?? "",
          active,
        },
      });
  if (result.ok) {
    const done = off ? "banner-off" : active ? "banner-on" : "banner-saved";
    return seeOther(`${hrefFor("content.newsroom-front-page")}?done=${done}`);
  }
  const common = commonFailure(context, result, "change the banner");
  if (common) return common;
  if (result.status === 422 || result.status === 400) {
    return renderPage(context, { form: "banner", problems: bannerProblems(result), status: 422 });
  }
  throw apiUnavailable("banner save", result);
}

async function submit(context: NewsroomContext): Promise<LoadOutcome> {
  const intent = context.form.intent ?? "";
  if (intent === "save-front-page" || intent.startsWith("move-")) {
    return saveFrontPage(context, intent);
  }
  if (intent === "save-banner" || intent === "banner-off") {
    return saveBanner(context, intent === "banner-off");
  }
  return renderPage(context, {
    form: "front-page",
    problems: [{ field: "form", message: "This form could not be read. Reload the page." }],
    status: 400,
  });
}

export function loadFrontPage(context: NewsroomContext): Promise<LoadOutcome> {
  return answering(() => (context.isPost ? submit(context) : renderPage(context)));
}
