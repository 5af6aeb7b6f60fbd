import { BUILD_ID_PATTERN, fragmentNames, type FragmentName } from "./fragment-names.ts";
import { viewerRoles, type ViewerRole } from "./navigation-constants.ts";
import type {
  BootData,
  BreakingBanner,
  NavigationAnswer,
  NavSection,
} from "./navigation-contract.ts";

/**
 * The browser's checks of boot data and navigation answers: the same rules as
 * `BootDataSchema` and `NavigationAnswerSchema` (a test keeps them in step), written by hand
 * because zod would add about 25 KB gzip to every page, and even `zod/mini` 6.6 KB, more than
 * the article page's budget leaves (decisions 0007 and 0013).
 * Like `schema.parse`, they throw on anything unexpected, and the types come from the schemas.
 */

export class ShapeError extends Error {
  constructor(where: string) {
    super(`Unexpected shape at ${where}`);
  }
}

type Fields = Record<string, unknown>;

function record(value: unknown, where: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ShapeError(where);
  }
  return value as Fields;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string") throw new ShapeError(where);
  return value;
}

function fragmentName(value: unknown, where: string): FragmentName {
  if (!fragmentNames.includes(value as FragmentName)) throw new ShapeError(where);
  return value as FragmentName;
}

function head(value: unknown, where: string) {
  const fields = record(value, where);
  return {
    title: text(fields.title, `${where}.title`),
    description: text(fields.description, `${where}.description`),
    canonical: text(fields.canonical, `${where}.canonical`),
  };
}

/** A breaking-news banner or null (`where.banner`). */
function bannerOf(value: unknown, where: string): BreakingBanner | null {
  if (value === null) return null;
  const line = record(value, `${where}.banner`);
  return {
    headline: text(line.headline, `${where}.banner.headline`),
    href: text(line.href, `${where}.banner.href`),
  };
}

export function checkNavigationAnswer(value: unknown): NavigationAnswer {
  const fields = record(value, "answer");
  switch (fields.outcome) {
    case "fragment": {
      const buildId = text(fields.buildId, "answer.buildId");
      if (!BUILD_ID_PATTERN.test(buildId)) throw new ShapeError("answer.buildId");
      if (!Array.isArray(fields.stylesheets)) throw new ShapeError("answer.stylesheets");
      const status = fields.status;
      if (status !== undefined && !Number.isInteger(status)) throw new ShapeError("answer.status");
      const banner = fields.banner === undefined ? undefined : bannerOf(fields.banner, "answer");
      return {
        outcome: "fragment",
        fragment: fragmentName(fields.fragment, "answer.fragment"),
        routeId: text(fields.routeId, "answer.routeId"),
        buildId,
        props: fields.props,
        stylesheets: fields.stylesheets.map((sheet, i) => text(sheet, `answer.stylesheets.${i}`)),
        head: head(fields.head, "answer.head"),
        ...(status === undefined ? {} : { status: status as number }),
        ...(banner === undefined ? {} : { banner }),
      };
    }
    case "redirect":
      return { outcome: "redirect", location: text(fields.location, "answer.location") };
    case "not-found":
      return { outcome: "not-found", head: head(fields.head, "answer.head") };
    case "forbidden":
      return { outcome: "forbidden", head: head(fields.head, "answer.head") };
    case "unavailable":
      return {
        outcome: "unavailable",
        fragment: fragmentName(fields.fragment, "answer.fragment"),
        head: head(fields.head, "answer.head"),
      };
    default:
      throw new ShapeError("answer.outcome");
  }
}

export function checkBootData(value: unknown): BootData {
  const fields = record(value, "boot");
  if (!Array.isArray(fields.sections)) throw new ShapeError("boot.sections");
  const sections = fields.sections.map((item, i): NavSection => {
    const section = record(item, `boot.sections.${i}`);
    return {
      slug: text(section.slug, `boot.sections.${i}.slug`),
      name: text(section.name, `boot.sections.${i}.name`),
    };
  });
  const banner = bannerOf(fields.banner, "boot");
  let viewer: BootData["viewer"] = null;
  if (fields.viewer !== null) {
    const person = record(fields.viewer, "boot.viewer");
    if (!viewerRoles.includes(person.role as ViewerRole)) throw new ShapeError("boot.viewer.role");
    if (typeof person.newsroomVerified !== "boolean") {
      throw new ShapeError("boot.viewer.newsroomVerified");
    }
    viewer = {
      displayName: text(person.displayName, "boot.viewer.displayName"),
      role: person.role as ViewerRole,
      newsroomVerified: person.newsroomVerified,
    };
  }
  return {
    publicationName: text(fields.publicationName, "boot.publicationName"),
    sections,
    banner,
    dateLine: text(fields.dateLine, "boot.dateLine"),
    viewer,
    initial: checkNavigationAnswer(fields.initial),
  };
}
