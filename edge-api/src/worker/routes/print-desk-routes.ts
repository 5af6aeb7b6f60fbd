import { Hono, type Context } from "hono";
import {
  SaveSettingsBodySchema,
  SaveTemplateBodySchema,
  type PrintSettingsAnswer,
  type PrintTemplateAnswer,
} from "../../contract/print-desk-contract.ts";
import { readPrintDesk, writeNoEditionDays, writeTemplate } from "../../db/print-desk-queries.ts";
import { personNames } from "../../db/story-queries.ts";
import {
  checkNoEditionDays,
  checkTemplate,
  parseStoredNoEditionDays,
  parseStoredTemplate,
  type DeskProblem,
} from "../../domain/print-desk-settings.ts";
import { personRef } from "../../domain/story-fields.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

type PrintDeskContext = Context<AppEnv>;

/**
 * The print desk (mounted at `/api/newsroom/print`, issue 17, decision 0023): editors and
 * admins only, reads included (anonymous 401, readers and contributors 403). Every write
 * carries the revision it started from (409 `stale_revision`, nothing written), is audited in
 * its batch and moves the content version.
 */
export const printDeskRoutes = new Hono<AppEnv>();
printDeskRoutes.use("*", requireAccount, requireStaff(), requireRole("editor"));

function refuse(problem: DeskProblem): never {
  throw new ApiError(problem.code, problem.message, { field: problem.field });
}

printDeskRoutes
  .get("/template", validate("query", noQuerySchema), async (c) =>
    c.json(await templateAnswer(c), 200),
  )
  .put("/template", validate("json", SaveTemplateBodySchema), async (c) => {
    const { db, now, staff } = c.var;
    const body = c.req.valid("json");
    const checked = checkTemplate(body.books);
    if ("problem" in checked) refuse(checked.problem);
    const base = Number(body.baseRevision);
    const written = await writeTemplate(db, {
      base,
      template: JSON.stringify(checked.books),
      now,
      actorId: staff.accountId,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: "print.template.update",
        subject: "the print template",
        detail: {
          revision: [body.baseRevision, String(base + 1)],
          books: checked.books.map((book) => `${book.letter} ${book.name} (${book.pageCount})`),
        },
      },
    });
    if (!written) {
      throw new ApiError(
        "stale_revision",
        "Someone else changed the template since you opened it. Open it again to see their changes.",
      );
    }
    return c.json(await templateAnswer(c), 200);
  })
  .get("/settings", validate("query", noQuerySchema), async (c) =>
    c.json(await settingsAnswer(c), 200),
  )
  .put("/settings", validate("json", SaveSettingsBodySchema), async (c) => {
    const { db, now, staff } = c.var;
    const body = c.req.valid("json");
    const checked = checkNoEditionDays({
      weekdays: body.noEditionWeekdays,
      dates: body.noEditionDates,
    });
    if ("problem" in checked) refuse(checked.problem);
    const base = Number(body.baseRevision);
    const written = await writeNoEditionDays(db, {
      base,
      weekdays: JSON.stringify(checked.days.weekdays),
      dates: JSON.stringify(checked.days.dates),
      now,
      actorId: staff.accountId,
      audit: {
        at: now,
        actorId: staff.accountId,
        action: "print.settings.update",
        subject: "the days without a paper",
        detail: {
          revision: [body.baseRevision, String(base + 1)],
          weekdays: checked.days.weekdays,
          dates: checked.days.dates.map((entry) => entry.date),
        },
      },
    });
    if (!written) {
      throw new ApiError(
        "stale_revision",
        "Someone else changed the days without a paper since you opened them. Open them again to see their changes.",
      );
    }
    return c.json(await settingsAnswer(c), 200);
  });

async function templateAnswer(c: PrintDeskContext): Promise<PrintTemplateAnswer> {
  const { db } = c.var;
  const row = await readPrintDesk(db);
  const people = await personNames(db, [row.templateUpdatedBy]);
  return {
    template: {
      books: parseStoredTemplate(row.template),
      revision: String(row.templateRevision),
      updatedAt: row.templateUpdatedAt?.toISOString() ?? null,
      updatedBy: personRef(row.templateUpdatedBy, people),
    },
  };
}

async function settingsAnswer(c: PrintDeskContext): Promise<PrintSettingsAnswer> {
  const { db, editionSchedule } = c.var;
  const row = await readPrintDesk(db);
  const people = await personNames(db, [row.settingsUpdatedBy]);
  const days = parseStoredNoEditionDays(row.noEditionWeekdays, row.noEditionDates);
  return {
    settings: {
      noEditionWeekdays: days.weekdays,
      noEditionDates: days.dates,
      timeZone: editionSchedule.timeZone,
      publishHour: `${String(editionSchedule.publishHour).padStart(2, "0")}:00`,
      revision: String(row.settingsRevision),
      updatedAt: row.settingsUpdatedAt?.toISOString() ?? null,
      updatedBy: personRef(row.settingsUpdatedBy, people),
    },
  };
}
