import { z } from "zod";

/**
 * The public content answers of the API, as zod schemas: the one source of their types (the
 * API's handlers are typed with them) and what `api-client.ts` checks every answer against at
 * run time, so a half-deployed change becomes a clear contract error, never a wrong page
 * (docs/decisions/0012-one-api-contract.md).
 *
 * The schemas live by concern beside this file: `contract-fields.ts` (slugs, instants, calendar
 * dates), `article-contract.ts`, `listing-contract.ts`, `edition-contract.ts`,
 * `search-contract.ts` and `feed-and-sitemap-contract.ts`. This module holds the answers that
 * are the whole API's (errors, the content version). The API returns slugs and ids, never a
 * page address: addresses belong to the shell's route table.
 */

// One package entry (`edge-api/contract/content`, `edge-api/types`), so it re-exports the parts.
export { CalendarDateSchema, CalendarMonthSchema } from "./contract-fields.ts";
export * from "./article-contract.ts";
export * from "./media-variants.ts";
export * from "./listing-contract.ts";
export * from "./edition-contract.ts";
export * from "./search-contract.ts";
export * from "./feed-and-sitemap-contract.ts";
export * from "./live-contract.ts";
export * from "./redirect-contract.ts";

/** `GET /api/content-version`: opaque; equal strings mean readers see the same content. */
export const ContentVersionResponseSchema = z.object({ version: z.string().min(1) });
export type ContentVersionResponse = z.infer<typeof ContentVersionResponseSchema>;

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    /** Only on `weak_password` (see account-contract.ts). */
    reason: z.string().optional(),
    /** The field that is wrong (newsroom writes: `invalid_story`, `invalid_link`…). */
    field: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
