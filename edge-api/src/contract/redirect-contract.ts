import { z } from "zod";
import { SlugSchema } from "./contract-fields.ts";

/**
 * `GET /api/redirects?path=`: where an imported publication's old address now lives (issue 18,
 * decision 0024). Like every content answer it names the target by its slugs, never by a page
 * address: the shell builds the address from its route table and answers the reader 301.
 */
export const RedirectTargetSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("article"),
    section: SlugSchema,
    category: SlugSchema,
    slug: SlugSchema,
  }),
  z.object({ kind: z.literal("page"), slug: SlugSchema }),
]);
export type RedirectTarget = z.infer<typeof RedirectTargetSchema>;

export const RedirectAnswerSchema = z.object({ target: RedirectTargetSchema });
export type RedirectAnswer = z.infer<typeof RedirectAnswerSchema>;

/**
 * The query parameters of an old WordPress address that name a post (`/?p=123`) or a page
 * (`/?page_id=7`), in the order the stored key keeps them. The shell asks about the home page
 * only when one of them is there.
 */
export const LEGACY_POST_PARAMETERS = ["p", "page_id"] as const;
