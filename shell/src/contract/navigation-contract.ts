import { z } from "zod";
import { BuildIdSchema, FragmentNameSchema } from "./fragment-contract.ts";
import { viewerRoles } from "./navigation-constants.ts";

/**
 * What the shell tells its own browser code: the boot data embedded in every page and the
 * answers of `/_edge/navigate` used for client-side navigation.
 */

export {
  APP_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  FRAGMENT_ROOT_ATTRIBUTE,
  NAVIGATE_ENDPOINT,
  SHELL_IDENTIFIER_PREFIX,
  viewerRoles,
  type ViewerRole,
} from "./navigation-constants.ts";

export const NavSectionSchema = z.object({ slug: z.string(), name: z.string() });
export type NavSection = z.infer<typeof NavSectionSchema>;

/** The breaking-news banner over every reader page (decision 0020): a headline and its link. */
export const BreakingBannerSchema = z.object({ headline: z.string(), href: z.string() });
export type BreakingBanner = z.infer<typeof BreakingBannerSchema>;

export const PageHeadSchema = z.object({
  title: z.string(),
  description: z.string(),
  canonical: z.string(),
});

export const NavigationAnswerSchema = z.discriminatedUnion("outcome", [
  z.object({
    outcome: z.literal("fragment"),
    fragment: FragmentNameSchema,
    routeId: z.string(),
    buildId: BuildIdSchema,
    props: z.unknown(),
    stylesheets: z.array(z.string()),
    head: PageHeadSchema,
    /**
     * The page's HTTP status (200, or 409/422… after a form post). A newsroom form posted to
     * `/_edge/navigate` reads it here: the navigation answer itself is always 200.
     */
    status: z.number().int().optional(),
    /**
     * The breaking-news banner now (decision 0020), on readers' pages only: a client-side
     * navigation shows it turned on or off without a page load. Absent: keep the one shown.
     */
    banner: BreakingBannerSchema.nullable().optional(),
  }),
  z.object({ outcome: z.literal("redirect"), location: z.string() }),
  z.object({ outcome: z.literal("not-found"), head: PageHeadSchema }),
  /** The shell's door turned a reader away from the newsroom (HTTP 403 on a page). */
  z.object({ outcome: z.literal("forbidden"), head: PageHeadSchema }),
  z.object({
    outcome: z.literal("unavailable"),
    fragment: FragmentNameSchema,
    head: PageHeadSchema,
  }),
]);
export type NavigationAnswer = z.infer<typeof NavigationAnswerSchema>;

export const BootDataSchema = z.object({
  /** The publication's name from configuration (`PUBLICATION_NAME`), for the masthead. */
  publicationName: z.string(),
  sections: z.array(NavSectionSchema),
  /** The breaking-news banner; null when it is off, and always on newsroom pages. */
  banner: BreakingBannerSchema.nullable(),
  /** The edition date line of the masthead, formatted once on the server. */
  dateLine: z.string(),
  /**
   * The account holder reading the page, for the masthead (and the newsroom's chrome: role, and
   * whether the session passed the second factor); null for an anonymous reader.
   */
  viewer: z
    .object({
      displayName: z.string(),
      role: z.enum(viewerRoles),
      newsroomVerified: z.boolean(),
    })
    .nullable(),
  /** The answer the server rendered with; the browser hydrates exactly this. */
  initial: NavigationAnswerSchema,
});
export type BootData = z.infer<typeof BootDataSchema>;

/** Serialises JSON for a `<script type="application/json">` so no text can close the tag. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
