import {
  NO_EDITION_NOTE_MAX,
  PRINT_BOOK_NAME_MAX,
  PRINT_PAGES_MAX,
  weekdays,
  type NoEditionDate,
  type TemplateBook,
  type Weekday,
} from "../contract/print-desk-contract.ts";
import { dayOfWeek, isCalendarDate } from "./publication-dates.ts";

/**
 * The print desk's template and no-edition days (decision 0023): checks on write, reading the
 * stored JSON back, and the rule that says whether a date has a paper.
 */

export interface DeskProblem {
  code: "invalid_template" | "invalid_books" | "invalid_settings";
  field: string;
  message: string;
}

/**
 * The template (or, `invalid_books`, one edition's books) as the editor sent it, names
 * trimmed; or the first thing wrong with it.
 */
export function checkTemplate(
  books: readonly TemplateBook[],
  code: "invalid_template" | "invalid_books" = "invalid_template",
): { books: TemplateBook[] } | { problem: DeskProblem } {
  const problem = (field: string, message: string) => ({ problem: { code, field, message } });
  if (books.length === 0) return problem("books", "The paper needs at least one book.");
  const seen = new Set<string>();
  const clean: TemplateBook[] = [];
  for (const [index, book] of books.entries()) {
    const name = book.name.trim();
    if (seen.has(book.letter)) {
      return problem(`books.${index}.letter`, `Book ${book.letter} is listed twice.`);
    }
    seen.add(book.letter);
    if (name === "") return problem(`books.${index}.name`, `Book ${book.letter} needs a name.`);
    if (name.length > PRINT_BOOK_NAME_MAX) {
      return problem(
        `books.${index}.name`,
        `Book ${book.letter}'s name is longer than ${PRINT_BOOK_NAME_MAX} characters.`,
      );
    }
    if (book.pageCount < 1 || book.pageCount > PRINT_PAGES_MAX) {
      return problem(
        `books.${index}.pageCount`,
        `Book ${book.letter} must have 1 to ${PRINT_PAGES_MAX} pages.`,
      );
    }
    clean.push({ letter: book.letter, name, pageCount: book.pageCount });
  }
  return { books: clean };
}

export interface NoEditionDays {
  weekdays: Weekday[];
  dates: NoEditionDate[];
}

/** The settings as the editor sent them (weekdays in week order, dates oldest first). */
export function checkNoEditionDays(
  input: NoEditionDays,
): { days: NoEditionDays } | { problem: DeskProblem } {
  const problem = (field: string, message: string) => ({
    problem: { code: "invalid_settings" as const, field, message },
  });
  const days = weekdays.filter((day) => input.weekdays.includes(day));
  if (days.length === weekdays.length) {
    return problem("noEditionWeekdays", "The paper must come out on at least one weekday.");
  }
  const seen = new Set<string>();
  const dates: NoEditionDate[] = [];
  for (const [index, entry] of input.dates.entries()) {
    if (!isCalendarDate(entry.date)) {
      return problem(`noEditionDates.${index}.date`, `${entry.date} is not a date.`);
    }
    if (seen.has(entry.date)) {
      return problem(`noEditionDates.${index}.date`, `${entry.date} is listed twice.`);
    }
    seen.add(entry.date);
    const note = entry.note?.trim() ?? "";
    if (note.length > NO_EDITION_NOTE_MAX) {
      return problem(
        `noEditionDates.${index}.note`,
        `The note for ${entry.date} is longer than ${NO_EDITION_NOTE_MAX} characters.`,
      );
    }
    dates.push({ date: entry.date, note: note === "" ? null : note });
  }
  dates.sort((a, b) => a.date.localeCompare(b.date));
  return { days: { weekdays: days, dates } };
}

/** Stored JSON read back; anything unexpected counts as empty (the migration writes both). */
export function parseStoredTemplate(json: string): TemplateBook[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as TemplateBook[]) : [];
}

export function parseStoredNoEditionDays(weekdaysJson: string, datesJson: string): NoEditionDays {
  const days: unknown = JSON.parse(weekdaysJson);
  const dates: unknown = JSON.parse(datesJson);
  return {
    weekdays: Array.isArray(days) ? (days as Weekday[]) : [],
    dates: Array.isArray(dates) ? (dates as NoEditionDate[]) : [],
  };
}

const WEEKDAY_NAMES = [
  "Sundays",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
] as const;
/** `weekdays` is Monday first; `Date#getUTCDay` is Sunday first. */
const WEEKDAY_BY_DAY: readonly Weekday[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/**
 * Why `date` has no paper ("There is no paper on Sundays.", "There is no paper on 2026-12-25
 * (Christmas Day)."), or null when it has one. This replaces the old fixed Monday-to-Saturday
 * rule wherever the API decides which dates have a paper.
 */
export function noEditionReason(date: string, days: NoEditionDays): string | null {
  const listed = days.dates.find((entry) => entry.date === date);
  if (listed) {
    return `There is no paper on ${date}${listed.note ? ` (${listed.note})` : ""}.`;
  }
  const day = dayOfWeek(date);
  const weekday = WEEKDAY_BY_DAY[day];
  if (weekday === undefined || !days.weekdays.includes(weekday)) return null;
  return `There is no paper on ${WEEKDAY_NAMES[day] ?? weekday}.`;
}

/** Each book's pages, numbered from 1, in the books' order. */
export function pagesOfBooks(
  books: readonly TemplateBook[],
): { book: string; bookName: string; number: number }[] {
  return books.flatMap((book) =>
    Array.from({ length: book.pageCount }, (_, index) => ({
      book: book.letter,
      bookName: book.name,
      number: index + 1,
    })),
  );
}
