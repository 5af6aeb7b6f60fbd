import type { BodyBlock, ImageRef } from "../src/contract/article-contract.ts";
import { bodyWordCount } from "../src/domain/body-blocks.ts";
import type { SeedRandom } from "../src/domain/seeded-random.ts";
import {
  clauses,
  firstNames,
  headingBank,
  lastNames,
  objectsBySection,
  organisations,
  places,
  roles,
  subjectsBySection,
  verbs,
} from "./seed-words.ts";
import type { Phrase } from "./seed-words.ts";

export interface GeneratedCopy {
  headline: string;
  /** Headline without its trailing clause: what the slug is made from. */
  slugText: string;
  printHeadline: string;
  standfirst: string;
  body: BodyBlock[];
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function bankFor(banks: Record<string, readonly Phrase[]>, section: string): readonly Phrase[] {
  const bank = banks[section];
  if (!bank) throw new RangeError(`No word bank for section ${section}`);
  return bank;
}

export function personName(random: SeedRandom): string {
  return `${random.pick(firstNames)} ${random.pick(lastNames)}`;
}

interface Topic {
  subject: string;
  object: string;
}

type Sentence = (random: SeedRandom, topic: Topic) => string;

const sentences: readonly Sentence[] = [
  (r, t) =>
    `In ${r.pick(places)}, ${t.subject.toLowerCase()} said the proposal for ${t.object} had been discussed for more than ${r.int(2, 9)} years without a firm answer.`,
  (r, t) =>
    `Supporters argue that ${t.object} would save around ${r.int(3, 40)} million a year, a figure opponents in ${r.pick(places)} call optimistic.`,
  (r) =>
    `A survey of ${r.int(300, 2400)} residents near ${r.pick(places)} found opinion split almost evenly, with many saying they wanted more detail first.`,
  (r) =>
    `Officials expect a final decision within ${r.int(2, 11)} weeks, although similar timetables have slipped before.`,
  (r) =>
    `The plan would be reviewed after ${r.int(1, 5)} years, with an independent panel reporting on whether it met its aims.`,
  (r, t) =>
    `Critics in ${r.pick(places)} say the debate over ${t.object} has drawn attention away from older, unresolved problems.`,
  (r) =>
    `Figures published by ${r.pick(organisations)} suggest costs have risen by ${r.int(4, 31)} per cent since the idea was first raised.`,
  (r, t) =>
    `${capitalise(t.subject)} have met ${r.int(3, 12)} times since the spring, and people close to the talks describe the mood as cautious but constructive.`,
  (r) =>
    `${personName(r)}, ${r.pick(roles)}, said the detail mattered more than the headline and urged patience.`,
  (r, t) =>
    `Not everyone is convinced: a letter signed by ${r.int(20, 300)} people asked for ${t.object} to be paused until an impact study is complete.`,
  (r) =>
    `The last comparable scheme, tried in ${r.pick(places)}, ran for ${r.int(2, 6)} years before being quietly wound down.`,
  () =>
    `Much depends on who pays. Early drafts leave that question open, and neither side has offered a figure in public.`,
  (r, t) =>
    `Those who work closest to the issue in ${r.pick(places)} describe a gap between what ${t.subject.toLowerCase()} promise and what arrives.`,
  (r) =>
    `A consultation is expected to open in ${r.pick(["January", "March", "May", "July", "September", "November"])}, running for ${r.int(6, 12)} weeks.`,
  (r, t) =>
    `Analysts at ${r.pick(organisations)} said ${t.object} could become a model for other regions if the first year goes well.`,
  (r) =>
    `Younger people were the most enthusiastic in polling, with ${r.int(51, 78)} per cent of under-35s in favour, against ${r.int(30, 49)} per cent of over-65s.`,
  (r) =>
    `Local businesses in ${r.pick(places)} said they had not yet been told how the change would affect them.`,
  (r, t) =>
    `The idea of ${t.object} is not new; versions of it have been floated and shelved at least ${r.int(2, 5)} times.`,
  (r) =>
    `For families on the edge of ${r.pick(places)}, the question is less about principle than about the monthly bills.`,
  (r) =>
    `Several people who spoke to The Daily Edge asked not to be named because talks are continuing, but ${r.int(3, 6)} confirmed the outline.`,
];

function paragraph(random: SeedRandom, topic: Topic): string {
  const count = random.int(3, 5);
  return random
    .sample(sentences, count)
    .map((sentence) => sentence(random, topic))
    .join(" ");
}

export interface CopyOptions {
  /** The body is grown paragraph by paragraph until it reaches this many words. */
  targetWords: number;
  /** An image to set somewhere in the middle of the body, if any. */
  inlineImage?: ImageRef | undefined;
}

function bodyFor(random: SeedRandom, topic: Topic, options: CopyOptions): BodyBlock[] {
  const body: BodyBlock[] = [];
  let words = 0;
  while (words < options.targetWords - 60) {
    const block: BodyBlock = { type: "paragraph", text: paragraph(random, topic) };
    words += bodyWordCount([block]);
    body.push(block);
  }
  const paragraphs = body.length;
  const insertAt = (fraction: number, block: BodyBlock) => {
    body.splice(Math.max(1, Math.floor(body.length * fraction)), 0, block);
  };
  const headings = Math.min(3, Math.max(1, Math.floor(paragraphs / 5)));
  random.sample(headingBank, headings).forEach((text, index) => {
    insertAt((index + 1) / (headings + 1), { type: "heading", text });
  });
  insertAt(0.35, {
    type: "pullquote",
    text: `We have waited long enough for ${topic.object}; now it has to work for the people it was meant for.`,
  });
  if (random.next() < 0.6) {
    insertAt(0.55, {
      type: "quote",
      text: `Nobody in ${random.pick(places)} is against progress. We just want to be asked before it arrives.`,
      attribution: `${personName(random)}, ${random.pick(roles)}`,
    });
  }
  if (random.next() < 0.7) {
    const ordered = random.next() < 0.3;
    insertAt(0.75, {
      type: "list",
      ...(ordered ? { ordered } : {}),
      items: random
        .sample(places, random.int(3, 5))
        .map((place) => `${place}: consultation opens in ${random.int(1, 8)} weeks`),
    });
  }
  if (options.inlineImage) insertAt(0.5, { type: "image", image: options.inlineImage });
  return body;
}

/** Headline, print headline, standfirst and a body of about `targetWords` words. */
export function generateCopy(
  random: SeedRandom,
  sectionSlug: string,
  options: CopyOptions,
): GeneratedCopy {
  const subject = random.pick(bankFor(subjectsBySection, sectionSlug));
  const verb = random.pick(verbs);
  const object = random.pick(bankFor(objectsBySection, sectionSlug));
  const clause = random.pick(clauses);
  const topic = { subject: subject.web, object: object.web };
  return {
    headline: capitalise(`${subject.web} ${verb.web} ${object.web} ${clause}`),
    slugText: `${subject.web} ${verb.web} ${object.web} ${clause}`,
    printHeadline: capitalise(`${subject.print} ${verb.print} ${object.print}`),
    standfirst: `${subject.web} say the decision on ${object.web} could take effect within ${random.int(2, 18)} months, though questions remain over who pays.`,
    body: bodyFor(random, topic, options),
  };
}

export function authorBio(random: SeedRandom, name: string, title: string): string {
  const first = name.split(" ")[0] ?? name;
  return [
    `${name} is The Daily Edge's ${title.toLowerCase()}.`,
    `${first} has reported for ${random.int(4, 22)} years and is based in ${random.pick(places)}.`,
    random.next() < 0.6
      ? `Before joining, ${first} worked at ${random.pick(organisations)}.`
      : `${first} writes a weekly newsletter on the stories behind the stories.`,
  ].join(" ");
}

export function slugify(text: string, maxWords = 10): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, maxWords)
    .join("-");
}
