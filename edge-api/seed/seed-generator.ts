import type { ImageRef } from "../src/contract/article-contract.ts";
import { serializeBody } from "../src/domain/body-blocks.ts";
import { imagePath } from "../src/domain/image-shaping.ts";
import { startOfDateInTimeZone } from "../src/domain/publication-dates.ts";
import { createSeedRandom } from "../src/domain/seeded-random.ts";
import type { SeedRandom } from "../src/domain/seeded-random.ts";
import { seedDesks, seedPages, seedSections, seedTagNames } from "./seed-catalogue.ts";
import type { SeedOptions, SeedRow, SeedSink } from "./seed-data.ts";
import { generateEditions } from "./seed-editions.ts";
import { SECTION_WEIGHTS, tagPicker, weightedIndex } from "./seed-picks.ts";
import type { PrintCandidate } from "./seed-editions.ts";
import { addLiveBlog } from "./seed-live.ts";
import {
  leadsWithPhoto,
  seedPhotoFor,
  seedPhotos,
  SEED_PHOTO_HEIGHT,
  SEED_PHOTO_WIDTH,
} from "./seed-photos.ts";
import { authorBio, capitalise, generateCopy, personName, slugify } from "./seed-text.ts";
import { firstNames, imageSubjects, lastNames, places } from "./seed-words.ts";

export const DEFAULT_SEED = 20_261_122;
export const DEFAULT_ARTICLE_COUNT = 650;
/** Articles spread over this many days: editions of the last 90 need a few days' lead-in. */
export const SPREAD_DAYS = 100;
/** Must match edge-api's `EDITION_PUBLISH_HOUR` (wrangler.toml): editions print what is out. */
export const DEFAULT_PUBLISH_HOUR = 5;
/** Print candidates kept per day: enough for any edition, flat memory at benchmark size. */
const CANDIDATES_PER_DAY = 40;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SeedSummary {
  published: number;
  drafts: number;
  scheduled: number;
  images: number;
}

/** Counts and ids handed out while generating; nothing here grows with the article count. */
class SeedState {
  imageId = 0;
  readonly random: SeedRandom;
  readonly sink: SeedSink;
  private readonly slugCounts = new Map<string, number>();

  constructor(random: SeedRandom, sink: SeedSink) {
    this.random = random;
    this.sink = sink;
  }

  uniqueSlug(base: string): string {
    const seen = this.slugCounts.get(base) ?? 0;
    this.slugCounts.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  }

  image(row: Omit<SeedRow<"images">, "id" | "seed" | "hue">): { id: number; ref: ImageRef } {
    const id = ++this.imageId;
    const seed = this.random.int(1, 2 ** 31 - 1);
    this.sink.add("images", { id, ...row, seed, hue: this.random.int(0, 359) });
    const { alt, caption = "", credit, width, height } = row;
    return { id, ref: { src: imagePath(id), alt, caption, credit, width, height } };
  }
}

function addTaxonomy(state: SeedState): void {
  let categoryId = 1;
  seedSections.forEach((section, index) => {
    const sectionId = index + 1;
    const { slug, name, description } = section;
    state.sink.add("sections", { id: sectionId, slug, name, description, position: sectionId });
    for (const category of section.categories) {
      state.sink.add("categories", { id: categoryId++, sectionId, ...category });
    }
  });
  seedTagNames.forEach((name, index) => {
    const places2 = state.random.sample(places, 2);
    state.sink.add("tags", {
      id: index + 1,
      slug: slugify(name),
      name,
      description: `Reporting, analysis and comment on ${name.toLowerCase()}, from ${places2[0]} to ${places2[1]}.`,
    });
  });
}

/** 25 authors, one per desk, with invented names and a generated portrait each. */
function addAuthors(state: SeedState): Map<string, number[]> {
  const random = state.random;
  const names = new Set<string>();
  const bySection = new Map<string, number[]>();
  seedDesks.forEach((desk, index) => {
    let name = personName(random);
    while (names.has(name)) name = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
    names.add(name);
    const portrait = state.image({
      kind: "portrait",
      alt: `Portrait of ${name}`,
      caption: `${name}, ${desk.title.toLowerCase()}`,
      credit: "The Daily Edge",
      width: 400,
      height: 400,
    });
    const id = index + 1;
    state.sink.add("authors", {
      id,
      slug: slugify(name),
      name,
      title: desk.title,
      bio: authorBio(random, name, desk.title),
      portraitImageId: portrait.id,
    });
    bySection.set(desk.section, [...(bySection.get(desk.section) ?? []), id]);
  });
  return bySection;
}

/** A typical demo photograph's size, for seeds written without the generated files (tests). */
const TYPICAL_PHOTO_BYTES = 250_000;

/** The demo's photographs (media rows; their files go to R2 when the stack seeds). */
function addPhotos(state: SeedState, anchor: number, bytes?: ReadonlyMap<string, number>): void {
  const uploadedAt = new Date(anchor - SPREAD_DAYS * DAY);
  for (const photo of seedPhotos) {
    state.sink.add("media", {
      id: photo.id,
      r2Key: `originals/${photo.id}`,
      format: "jpeg",
      width: SEED_PHOTO_WIDTH,
      height: SEED_PHOTO_HEIGHT,
      bytes: bytes?.get(photo.id) ?? TYPICAL_PHOTO_BYTES,
      alt: photo.alt,
      caption: photo.caption,
      credit: photo.credit,
      focalX: photo.focal.x,
      focalY: photo.focal.y,
      createdAt: uploadedAt,
      updatedAt: uploadedAt,
    });
  }
}

function addPages(state: SeedState, anchor: number): void {
  seedPages.forEach((page, index) => {
    state.sink.add("pages", {
      id: index + 1,
      slug: page.slug,
      title: page.title,
      body: serializeBody(page.body),
      updatedAt: new Date(anchor - (30 + index) * DAY),
    });
  });
}

/** A scheduled story is published with its time still ahead (issue 13). */
type Status = "published" | "draft";

interface ArticlePlan {
  id: number;
  status: Status;
  publishedAt: Date | null;
  sectionIndex: number;
}

interface ArticleContext {
  anchor: number;
  desks: Map<string, number[]>;
  pickTags: (random: SeedRandom, count: number) => number[];
}

function addArticle(
  state: SeedState,
  plan: ArticlePlan,
  context: ArticleContext,
): PrintCandidate | null {
  const random = state.random;
  const section = seedSections[plan.sectionIndex % seedSections.length];
  if (!section) throw new Error("Seed has no sections");
  const categoryIndex = random.int(0, section.categories.length - 1);
  const categoryId =
    seedSections.slice(0, plan.sectionIndex).reduce((sum, s) => sum + s.categories.length, 0) +
    categoryIndex +
    1;
  const place = random.pick(places);
  const lead = state.image({
    kind: "lead",
    alt: `Abstract illustration suggesting ${random.pick(imageSubjects)}`,
    caption: `${place}, where the decision will be felt first.`,
    credit: `Illustration: ${personName(random)} for The Daily Edge`,
    width: 1200,
    height: 675,
  });
  const inlineImage =
    random.next() < 0.25
      ? state.image({
          kind: "inline",
          alt: `Abstract illustration suggesting ${random.pick(imageSubjects)}`,
          caption: `A view of ${random.pick(places)} earlier this year.`,
          credit: `Illustration: ${personName(random)} for The Daily Edge`,
          width: 1200,
          height: 800,
        }).ref
      : undefined;
  const copy = generateCopy(random, section.slug, {
    targetWords: random.int(480, 1360),
    inlineImage,
  });
  const edited = random.next() < 0.1 ? random.int(60, 600) : random.int(0, 15);
  const updatedAt = plan.publishedAt
    ? new Date(Math.min(plan.publishedAt.getTime() + edited * MINUTE, context.anchor))
    : new Date(context.anchor - 60 * MINUTE);
  state.sink.add("articles", {
    id: plan.id,
    slug: state.uniqueSlug(slugify(copy.slugText)),
    sectionId: plan.sectionIndex + 1,
    categoryId,
    headline: copy.headline,
    standfirst: copy.standfirst,
    body: serializeBody(copy.body),
    // Most stories lead with a photograph; the drawn illustration stays in the library.
    leadImageId: leadsWithPhoto(plan.id) ? null : lead.id,
    leadMediaId: leadsWithPhoto(plan.id) ? seedPhotoFor(plan.id).id : null,
    status: plan.status,
    publishedAt: plan.publishedAt,
    updatedAt,
  });
  const deskAuthors = context.desks.get(section.slug) ?? [];
  const first =
    deskAuthors.length > 0 && random.next() < 0.8
      ? random.pick(deskAuthors)
      : random.int(1, seedDesks.length);
  const byline = [first];
  if (random.next() < 0.3) {
    const second = random.int(1, seedDesks.length);
    if (second !== first) byline.push(second);
  }
  byline.forEach((authorId, position) => {
    state.sink.add("articleAuthors", { articleId: plan.id, authorId, position });
  });
  const tagIds = context.pickTags(random, random.int(2, 5));
  for (const tagId of tagIds.sort((a, b) => a - b)) {
    state.sink.add("articleTags", { articleId: plan.id, tagId });
  }
  return plan.status === "published" && plan.publishedAt
    ? {
        id: plan.id,
        sectionSlug: section.slug,
        publishedAt: plan.publishedAt,
        printHeadline: capitalise(copy.printHeadline),
      }
    : null;
}

/**
 * Generates the whole publication into `sink`, row by row, so memory stays flat however many
 * articles are asked for. Pure apart from the sink: no clock, no I/O, no global randomness.
 * Published articles get ids 1..n in publication order, spread over the `SPREAD_DAYS` days
 * before the start of `today`; drafts and scheduled articles follow; then the editions.
 */
export function generateSeed(options: SeedOptions, sink: SeedSink): SeedSummary {
  const timeZone = options.timeZone ?? "Europe/London";
  const published = options.articles ?? DEFAULT_ARTICLE_COUNT;
  if (!Number.isInteger(published) || published < 1) {
    throw new RangeError("The seed needs a positive whole number of articles");
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const state = new SeedState(createSeedRandom(seed), sink);
  const random = state.random;
  const anchor = startOfDateInTimeZone(options.today, timeZone).getTime();
  addTaxonomy(state);
  const desks = addAuthors(state);
  addPages(state, anchor);
  addPhotos(state, anchor, options.photoBytes);
  const context: ArticleContext = { anchor, desks, pickTags: tagPicker(seed) };
  const pickSection = weightedIndex(SECTION_WEIGHTS.slice(0, seedSections.length));

  const spreadMinutes = SPREAD_DAYS * 24 * 60 - 60;
  const candidates: PrintCandidate[] = [];
  const candidatesByDay = new Map<number, number>();
  let newestPublishedAt = new Date(anchor);
  let secondNewestPublishedAt = new Date(anchor);
  for (let i = 0; i < published; i++) {
    const minutesBack =
      20 + Math.floor(((published - 1 - i) * spreadMinutes) / published) + random.int(0, 30);
    const publishedAt = new Date(anchor - minutesBack * MINUTE);
    const plan: ArticlePlan = {
      id: i + 1,
      status: "published",
      publishedAt,
      sectionIndex: pickSection(random),
    };
    const candidate = addArticle(state, plan, context);
    secondNewestPublishedAt = newestPublishedAt;
    newestPublishedAt = publishedAt;
    const day = Math.floor(publishedAt.getTime() / DAY);
    if (candidate && (candidatesByDay.get(day) ?? 0) < CANDIDATES_PER_DAY) {
      candidatesByDay.set(day, (candidatesByDay.get(day) ?? 0) + 1);
      candidates.push(candidate);
    }
  }
  const drafts = 3 + Math.floor(published / 200);
  const scheduled = 2 + Math.floor(published / 300);
  for (let i = 0; i < drafts + scheduled; i++) {
    const isDraft = i < drafts;
    addArticle(
      state,
      {
        id: published + i + 1,
        status: isDraft ? "draft" : "published",
        publishedAt: isDraft ? null : new Date(anchor + random.int(2, 9) * DAY),
        sectionIndex: i % seedSections.length,
      },
      context,
    );
  }
  generateEditions(sink, random, {
    today: options.today,
    schedule: { timeZone, publishHour: options.publishHour ?? DEFAULT_PUBLISH_HOUR },
    candidates,
  });
  // The second newest, so the newest stays an ordinary article: the JavaScript budget and the
  // e2e journeys open the newest, and a live article loads the live blog's own script.
  addLiveBlog(sink, published - 1, secondNewestPublishedAt);
  return { published, drafts, scheduled, images: state.imageId };
}
