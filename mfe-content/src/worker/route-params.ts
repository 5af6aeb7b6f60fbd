import type { FragmentRequest } from "shell/contract";
import { z } from "zod";

/** Slugs as edge-api mints them; anything else can never name content, so it is not found. */
export const SlugSchema = z
  .string()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const SectionParamsSchema = z.object({ section: SlugSchema });
export const CategoryParamsSchema = z.object({ section: SlugSchema, category: SlugSchema });
export const ArticleParamsSchema = z.object({
  section: SlugSchema,
  category: SlugSchema,
  slug: SlugSchema,
});
export const SlugParamsSchema = z.object({ slug: SlugSchema });

/** Cursors are opaque to the fragment; they only have to be sane, bounded strings. */
export const CursorSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:~-]+$/);

/** Which page of a listing: older than `before`, newer than `after`, or (neither) the newest. */
export type ListingPage = { before?: string | undefined; after?: string | undefined };

export type ListingQuery = { ok: true; page: ListingPage } | { ok: false };

/**
 * Reads `?before=` and `?after=` from the request's query string; other parameters are ignored.
 * A malformed cursor, or both at once (the API would refuse them with a 400), can never name a
 * page, so they are not ok.
 */
export function readListingQuery(search: string): ListingQuery {
  const query = new URLSearchParams(search);
  const page: ListingPage = {};
  for (const key of ["before", "after"] as const) {
    const raw = query.get(key);
    if (raw === null) continue;
    const parsed = CursorSchema.safeParse(raw);
    if (!parsed.success) return { ok: false };
    page[key] = parsed.data;
  }
  if (page.before !== undefined && page.after !== undefined) return { ok: false };
  return { ok: true, page };
}

/** Whether a page was asked with a cursor, i.e. is not the listing's first page. */
export function isPaged(page: ListingPage): boolean {
  return page.before !== undefined || page.after !== undefined;
}

/**
 * A listing page's route parameters and cursor, or null when either is malformed: such an
 * address can never name a page, so the loader answers not found without asking the API.
 */
export function readListingRequest<Params>(
  request: Pick<FragmentRequest, "params" | "search">,
  schema: z.ZodType<Params>,
): { params: Params; page: ListingPage } | null {
  const params = schema.safeParse(request.params);
  const query = readListingQuery(request.search);
  return params.success && query.ok ? { params: params.data, page: query.page } : null;
}

/**
 * Path of a listing page, keeping the cursor so that every page has its own canonical URL.
 * `basePath` comes from `hrefFor`. The cursor is added with `encodeURIComponent`, not as
 * `hrefFor`'s query (URLSearchParams), which would spell a cursor's `~` as `%7E` and so change
 * the "Older articles" links and canonical URLs already published.
 */
export function listingPath(basePath: string, page: ListingPage = {}): string {
  if (page.before !== undefined) return `${basePath}?before=${encodeURIComponent(page.before)}`;
  if (page.after !== undefined) return `${basePath}?after=${encodeURIComponent(page.after)}`;
  return basePath;
}
