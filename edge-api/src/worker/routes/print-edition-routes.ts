import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  PRINT_EDITIONS_RANGE_MAX,
  PlanEditionBodySchema,
  PRINT_HEADLINE_MAX,
  PRINT_STORY_QUERY_MAX,
  PRINT_STORY_SEARCH_MAX,
  PublishEditionBodySchema,
  SaveBooksBodySchema,
  SavePageBodySchema,
  type PrintStoriesAnswer,
  type UnplacedStory,
  type PagePlacementInput,
  type PrintEditionAnswer,
  type PrintEditionsAnswer,
  type DeskBook,
} from "../../contract/print-desk-contract.ts";
import {
  findDeskEdition,
  findDeskPage,
  findDeskStories,
  findPlacementStories,
  replacePagePlacements,
  type PagePlacement,
  listDeskEditions,
  listPagesOf,
  listUnplacedStories,
  loadDeskEdition,
  planEdition,
  publishEdition,
  replaceEditionPages,
  type PlannedPage,
} from "../../db/print-edition-queries.ts";
import { readPrintDesk } from "../../db/print-desk-queries.ts";
import type { PrintEditionRow } from "../../db/schema.ts";
import { editionPublishedAt, type EditionSchedule } from "../../domain/edition-schedule.ts";
import {
  checkTemplate,
  noEditionReason,
  pagesOfBooks,
  parseStoredNoEditionDays,
  parseStoredTemplate,
} from "../../domain/print-desk-settings.ts";
import { addDays, dateInTimeZone, isCalendarDate } from "../../domain/publication-dates.ts";
import { storyStatus } from "../../domain/story-status.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import { calendarDateSchema, noQuerySchema, validate } from "../request-validation.ts";

type EditionContext = Context<AppEnv>;
const DAY_MS = 86_400_000;

/**
 * The print desk's editions (mounted at `/api/newsroom/print/editions`, decision 0023):
 * editors and admins only. Planning is audited (`print.edition.create`) and moves the content
 * version (the print tables' triggers).
 */
export const printEditionRoutes = new Hono<AppEnv>();
printEditionRoutes.use("*", requireAccount, requireStaff(), requireRole("editor"));

/** When the edition is out for readers once published: `publish_at`, else its date's hour. */
export function publishTimeOf(
  edition: Pick<PrintEditionRow, "date" | "publishAt">,
  schedule: EditionSchedule,
): Date {
  return edition.publishAt ?? editionPublishedAt(edition.date, schedule);
}

/** The news day: the 24 hours that end at the edition's publish time. */
export function newsDayOf(publishTime: Date): { from: Date; to: Date } {
  return { from: new Date(publishTime.getTime() - DAY_MS), to: publishTime };
}

const rangeSchema = z.strictObject({
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});

printEditionRoutes
  .get("/", validate("query", rangeSchema), async (c) => {
    const { db, now, editionSchedule } = c.var;
    const today = dateInTimeZone(now, editionSchedule.timeZone);
    const query = c.req.valid("query");
    const from = query.from ?? addDays(today, -30);
    const to = query.to ?? addDays(today, 14);
    if (from > to || addDays(from, PRINT_EDITIONS_RANGE_MAX) < to) {
      throw new ApiError(
        "invalid_request",
        `from must be on or before to, at most ${PRINT_EDITIONS_RANGE_MAX} days apart.`,
      );
    }
    const rows = await listDeskEditions(db, from, to);
    const body: PrintEditionsAnswer = {
      from,
      to,
      editions: rows.map((row) => ({
        date: row.date,
        status: row.status,
        publishesAt: publishTimeOf(row, editionSchedule).toISOString(),
        publishAtSet: row.publishAt !== null,
        pageCount: row.pageCount,
        placementCount: row.placementCount,
        revision: String(row.revision),
      })),
    };
    return c.json(body, 200);
  })
  .post("/", validate("json", PlanEditionBodySchema), async (c) => {
    const { db, now, staff, editionSchedule } = c.var;
    const { date, from } = c.req.valid("json");
    for (const value of [date, from === "template" ? date : from.copy]) {
      if (!isCalendarDate(value)) throw new ApiError("invalid_request", `${value} is not a date.`);
    }
    const today = dateInTimeZone(now, editionSchedule.timeZone);
    if (date < today) {
      throw new ApiError("date_in_past", `${date} is in the past: plan today or a later date.`, {
        field: "date",
      });
    }
    const desk = await readPrintDesk(db);
    const reason = noEditionReason(
      date,
      parseStoredNoEditionDays(desk.noEditionWeekdays, desk.noEditionDates),
    );
    if (reason) throw new ApiError("no_edition_day", reason, { field: "date" });
    if (await findDeskEdition(db, date)) throw editionExists(date);
    let pages: PlannedPage[];
    if (from === "template") {
      pages = pagesOfBooks(parseStoredTemplate(desk.template));
    } else {
      const copied = await findDeskEdition(db, from.copy);
      if (!copied) {
        throw new ApiError("not_found", `There is no edition on ${from.copy} to copy.`, {
          field: "from.copy",
        });
      }
      pages = await listPagesOf(db, [copied.id]);
    }
    const planned = await planEdition(db, {
      date,
      pages,
      now,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: "print.edition.create",
        subject: `the edition of ${date}`,
        detail: {
          from: from === "template" ? "template" : `copy of ${from.copy}`,
          pages: pages.length,
        },
      },
    });
    if (!planned) throw editionExists(date);
    return c.json(await editionAnswer(c, date), 201);
  })
  .get(
    "/:date",
    validate("param", z.strictObject({ date: calendarDateSchema })),
    validate("query", noQuerySchema),
    async (c) => c.json(await editionAnswer(c, c.req.valid("param").date), 200),
  );

printEditionRoutes.put(
  "/:date/pages/:label",
  validate("param", z.strictObject({ date: calendarDateSchema, label: z.string().max(8) })),
  validate("json", SavePageBodySchema),
  async (c) => {
    const { db, now, staff } = c.var;
    const { date, label } = c.req.valid("param");
    const body = c.req.valid("json");
    const edition = await findDeskEdition(db, date);
    if (!edition) throw notFound("Edition");
    const where = /^([A-Z])([1-9]\d?)$/.exec(label);
    const page = where
      ? await findDeskPage(db, edition.id, where[1] ?? "", Number(where[2]))
      : undefined;
    if (!page) throw new ApiError("not_found", `The edition of ${date} has no page ${label}.`);
    const base = Number(body.baseRevision);
    if (edition.revision !== base) throw staleEdition(date);
    const placements = await checkPlacements(c, edition, page.id, body.placements);
    const written = await replacePagePlacements(db, {
      editionId: edition.id,
      pageId: page.id,
      base,
      placements,
      now,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: "print.placements.update",
        subject: `page ${label} of the edition of ${date}`,
        detail: {
          revision: [body.baseRevision, String(base + 1)],
          stories: placements.map((placement) => String(placement.articleId)),
        },
      },
    });
    if (!written) throw staleEdition(date);
    return c.json(await editionAnswer(c, date), 200);
  },
);

printEditionRoutes.post(
  "/:date/publish",
  validate("param", z.strictObject({ date: calendarDateSchema })),
  validate("json", PublishEditionBodySchema),
  async (c) => {
    const { db, now, staff, editionSchedule } = c.var;
    const { date } = c.req.valid("param");
    const body = c.req.valid("json");
    const edition = await findDeskEdition(db, date);
    if (!edition) throw notFound("Edition");
    const base = Number(body.baseRevision);
    if (edition.revision !== base) throw staleEdition(date);
    const publishAt = body.when === "now" ? now : null;
    const publishTime = publishAt ?? editionPublishedAt(date, editionSchedule);
    const { pages, placements } = await loadDeskEdition(db, edition.id);
    checkReady(pages, placements, publishTime);
    const published = await publishEdition(db, {
      editionId: edition.id,
      base,
      publishAt,
      now,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: "print.edition.publish",
        subject: `the edition of ${date}`,
        detail: {
          revision: [body.baseRevision, String(base + 1)],
          when: body.when,
          publishesAt: publishTime.toISOString(),
        },
      },
    });
    if (!published) throw staleEdition(date);
    return c.json(await editionAnswer(c, date), 200);
  },
);

printEditionRoutes.put(
  "/:date/books",
  validate("param", z.strictObject({ date: calendarDateSchema })),
  validate("json", SaveBooksBodySchema),
  async (c) => {
    const { db, now, staff } = c.var;
    const { date } = c.req.valid("param");
    const body = c.req.valid("json");
    const edition = await findDeskEdition(db, date);
    if (!edition) throw notFound("Edition");
    const base = Number(body.baseRevision);
    if (edition.revision !== base) throw staleEdition(date);
    const checked = checkTemplate(body.books, "invalid_books");
    if ("problem" in checked) {
      throw new ApiError(checked.problem.code, checked.problem.message, {
        field: checked.problem.field,
      });
    }
    const { pages, placements } = await loadDeskEdition(db, edition.id);
    // A page cut from the plan must be empty: its stories would otherwise leave the paper
    // without anyone deciding where they go.
    for (const page of pages) {
      const index = checked.books.findIndex((book) => book.letter === page.book);
      const kept = index >= 0 && page.number <= (checked.books[index]?.pageCount ?? 0);
      const stories = placements.filter((placement) => placement.pageId === page.id).length;
      if (!kept && stories > 0) {
        throw new ApiError(
          "invalid_books",
          `Page ${page.book}${page.number} has ${stories === 1 ? "a story" : `${stories} stories`}: ` +
            "move or remove them before cutting the page.",
          { field: index >= 0 ? `books.${index}.pageCount` : "books" },
        );
      }
    }
    const plan = pagesOfBooks(checked.books);
    const written = await replaceEditionPages(db, {
      editionId: edition.id,
      base,
      pages: plan,
      now,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: "print.books.update",
        subject: `the books of the edition of ${date}`,
        detail: {
          revision: [body.baseRevision, String(base + 1)],
          books: checked.books.map((book) => `${book.letter} ${book.name} (${book.pageCount})`),
        },
      },
    });
    if (!written) throw staleEdition(date);
    return c.json(await editionAnswer(c, date), 200);
  },
);

const storiesQuerySchema = z.strictObject({ q: z.string().max(PRINT_STORY_QUERY_MAX) });

printEditionRoutes.get(
  "/:date/stories",
  validate("param", z.strictObject({ date: calendarDateSchema })),
  validate("query", storiesQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const { date } = c.req.valid("param");
    const q = c.req.valid("query").q.trim();
    if (q === "") {
      throw new ApiError(
        "invalid_request",
        "Say what to look for: words of a headline or a slug.",
        {
          field: "q",
        },
      );
    }
    const edition = await findDeskEdition(db, date);
    if (!edition) throw notFound("Edition");
    const rows = await findDeskStories(db, edition.id, q, PRINT_STORY_SEARCH_MAX);
    const body: PrintStoriesAnswer = {
      q,
      stories: rows.map((story) => ({
        ...deskStory(story, now),
        placedOn:
          story.placedBook === null ? null : `${story.placedBook}${String(story.placedNumber)}`,
      })),
    };
    return c.json(body, 200);
  },
);

type DeskContents = Awaited<ReturnType<typeof loadDeskEdition>>;

/** 422 `not_ready` unless every page has stories, A1 a lead, and every story is out in time. */
function checkReady(
  pages: DeskContents["pages"],
  placements: DeskContents["placements"],
  publishTime: Date,
): void {
  const notReady = (field: string, message: string) =>
    new ApiError("not_ready", message, { field });
  if (pages.length === 0) throw notReady("placements", "The edition has no pages.");
  for (const page of pages) {
    const label = `${page.book}${page.number}`;
    const onPage = placements.filter((placement) => placement.pageId === page.id);
    if (onPage.length === 0) throw notReady(label, `Page ${label} has no stories.`);
    if (label === "A1" && !onPage.some((placement) => placement.isLead)) {
      throw notReady(label, "Page A1 has no lead story.");
    }
  }
  if (!pages.some((page) => page.book === "A" && page.number === 1)) {
    throw notReady("placements", "The edition has no page A1 to lead it.");
  }
  for (const placement of placements) {
    const page = pages.find((row) => row.id === placement.pageId);
    const out =
      placement.status === "published" &&
      placement.publishedAt !== null &&
      placement.publishedAt.getTime() <= publishTime.getTime();
    if (!out) {
      const label = page ? `${page.book}${page.number}` : "placements";
      throw notReady(
        label,
        `“${placement.headline}” on page ${label} is not published by ${publishTime.toISOString()}.`,
      );
    }
  }
}

function staleEdition(date: string): ApiError {
  return new ApiError(
    "stale_revision",
    `Someone else changed the edition of ${date} since you opened it. Open it again to see their changes.`,
  );
}

function invalidPlacements(field: string, message: string): ApiError {
  return new ApiError("invalid_placements", message, { field });
}

/** The page's placements as they may be written, or a 422 naming the first thing wrong. */
async function checkPlacements(
  c: EditionContext,
  edition: PrintEditionRow,
  pageId: number,
  input: readonly PagePlacementInput[],
): Promise<PagePlacement[]> {
  const { db, now } = c.var;
  const leads = input.filter((placement) => placement.isLead).length;
  if (leads > 1)
    throw invalidPlacements("placements", "A page has one lead story, not " + leads + ".");
  const ids = input.map((placement) => Number(placement.articleId));
  const { stories, placed } = await findPlacementStories(db, edition.id, ids);
  const storyById = new Map(stories.map((story) => [story.id, story]));
  const seen = new Set<number>();
  return input.map((placement, index) => {
    const id = Number(placement.articleId);
    const field = `placements.${index}`;
    const story = storyById.get(id);
    if (!story) throw invalidPlacements(`${field}.articleId`, `There is no story ${id}.`);
    const named = `“${story.headline}”`;
    if (seen.has(id)) {
      throw invalidPlacements(`${field}.articleId`, `${named} is on this page twice.`);
    }
    seen.add(id);
    const elsewhere = placed.find((row) => row.articleId === id && row.pageId !== pageId);
    if (elsewhere) {
      throw invalidPlacements(
        `${field}.articleId`,
        `${named} is already on page ${elsewhere.book}${elsewhere.number} of this edition.`,
      );
    }
    const status = storyStatus(story, now);
    if (status !== "published" && status !== "scheduled") {
      throw invalidPlacements(`${field}.articleId`, `${named} is not published (${status}).`);
    }
    if (status === "scheduled" && edition.status === "published") {
      throw invalidPlacements(
        `${field}.articleId`,
        `${named} is not published yet: a published edition prints published stories only.`,
      );
    }
    const printHeadline = placement.printHeadline.trim();
    if (printHeadline === "" || printHeadline.length > PRINT_HEADLINE_MAX) {
      throw invalidPlacements(
        `${field}.printHeadline`,
        `The print headline of ${named} must be 1 to ${PRINT_HEADLINE_MAX} characters.`,
      );
    }
    return { articleId: id, printHeadline, isLead: placement.isLead };
  });
}

function editionExists(date: string): ApiError {
  return new ApiError("edition_exists", `There is already an edition on ${date}.`, {
    field: "date",
  });
}

/** A story the desk may place (`listUnplacedStories`, `findDeskStories`), on the wire. */
function deskStory(
  story: {
    id: number;
    slug: string;
    headline: string;
    publishedAt: Date | null;
    sectionSlug: string;
    sectionName: string;
  },
  now: Date,
): UnplacedStory {
  return {
    articleId: String(story.id),
    slug: story.slug,
    webHeadline: story.headline,
    section: { slug: story.sectionSlug, name: story.sectionName },
    status: (story.publishedAt?.getTime() ?? 0) > now.getTime() ? "scheduled" : "published",
    publishedAt: story.publishedAt?.toISOString() ?? "",
  };
}

/** The desk's view of the edition of `date` (404 when there is none). */
export async function editionAnswer(c: EditionContext, date: string): Promise<PrintEditionAnswer> {
  const { db, now, editionSchedule } = c.var;
  const edition = await findDeskEdition(db, date);
  if (!edition) throw notFound("Edition");
  const publishTime = publishTimeOf(edition, editionSchedule);
  const newsDay = newsDayOf(publishTime);
  const [{ pages, placements }, unplaced] = await Promise.all([
    loadDeskEdition(db, edition.id),
    listUnplacedStories(db, edition.id, newsDay),
  ]);
  const books: DeskBook[] = [];
  for (const page of pages) {
    let book = books.at(-1);
    if (book?.letter !== page.book) {
      book = { letter: page.book, name: page.bookName, pages: [] };
      books.push(book);
    }
    book.pages.push({
      label: `${page.book}${page.number}`,
      number: page.number,
      placements: placements
        .filter((placement) => placement.pageId === page.id)
        .map((placement, index) => ({
          articleId: String(placement.articleId),
          slug: placement.slug,
          webHeadline: placement.headline,
          printHeadline: placement.printHeadline,
          order: index + 1,
          isLead: placement.isLead,
          status: storyStatus(placement, now),
          publishedAt: placement.publishedAt?.toISOString() ?? null,
        })),
    });
  }
  return {
    edition: {
      date: edition.date,
      status: edition.status,
      publishesAt: publishTime.toISOString(),
      publishAtSet: edition.publishAt !== null,
      revision: String(edition.revision),
      updatedAt: edition.updatedAt?.toISOString() ?? null,
      books,
    },
    newsDay: { from: newsDay.from.toISOString(), to: newsDay.to.toISOString() },
    unplaced: unplaced.map((story) => deskStory(story, now)),
    publishHour: `${String(editionSchedule.publishHour).padStart(2, "0")}:00`,
    timeZone: editionSchedule.timeZone,
  };
}
