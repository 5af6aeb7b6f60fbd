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

export type ListingQuery = { ok: true; before: string | undefined } | { ok: false };

/** Reads `?before=` from the request's query string; other parameters are ignored. */
export function readListingQuery(search: string): ListingQuery {
  const raw = new URLSearchParams(search).get("before");
  if (raw === null) return { ok: true, before: undefined };
  const parsed = CursorSchema.safeParse(raw);
  return parsed.success ? { ok: true, before: parsed.data } : { ok: false };
}

/**
 * A listing page's route parameters and `?before=` cursor, or null when either is malformed:
 * such an address can never name a page, so the loader answers not found without asking the API.
 */
export function readListingRequest<Params>(
  request: Pick<FragmentRequest, "params" | "search">,
  schema: z.ZodType<Params>,
): { params: Params; before: string | undefined } | null {
  const params = schema.safeParse(request.params);
  const query = readListingQuery(request.search);
  return params.success && query.ok ? { params: params.data, before: query.before } : null;
}

/**
 * Path of a listing page, keeping the cursor so that every page has its own canonical URL.
 * `basePath` comes from `hrefFor`. The cursor is added with `encodeURIComponent`, not as
 * `hrefFor`'s query (URLSearchParams), which would spell a cursor's `~` as `%7E` and so change
 * the "Older articles" links and canonical URLs already published.
 */
export function listingPath(basePath: string, before: string | undefined): string {
  return before === undefined ? basePath : `${basePath}?before=${encodeURIComponent(before)}`;
}
