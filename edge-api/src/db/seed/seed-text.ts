import type { BodyBlock } from "../../domain/api-types.ts";
import type { SeedRandom } from "./seed-random.ts";
import {
  clauses,
  firstNames,
  headingBank,
  lastNames,
  objectsBySection,
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

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function bankFor(banks: Record<string, readonly Phrase[]>, section: string): readonly Phrase[] {
  const bank = banks[section];
  if (!bank) throw new RangeError(`No word bank for section ${section}`);
  return bank;
}

function personName(random: SeedRandom): string {
  return `${random.pick(firstNames)} ${random.pick(lastNames)}`;
}

function paragraph(random: SeedRandom, subject: string, object: string): string {
  const place = random.pick(places);
  const templates = [
    `In ${place}, ${subject.toLowerCase()} said the proposal for ${object} had been discussed for more than ${random.int(2, 9)} years without a firm answer.`,
    `Supporters argue that ${object} would save around ${random.int(3, 40)} million a year, a figure opponents in ${place} call optimistic.`,
    `A survey of ${random.int(300, 2400)} residents near ${place} found opinion split almost evenly, with many saying they wanted more detail first.`,
    `Officials expect a final decision within ${random.int(2, 11)} weeks, although similar timetables have slipped before.`,
    `The plan would be reviewed after ${random.int(1, 5)} years, with an independent panel reporting on whether it met its aims.`,
    `Critics in ${place} say the debate over ${object} has drawn attention away from older, unresolved problems.`,
  ];
  return random.pick(templates);
}

/** Headline, print headline, standfirst and a body of 5-8 blocks for one article. */
export function generateCopy(random: SeedRandom, sectionSlug: string): GeneratedCopy {
  const subject = random.pick(bankFor(subjectsBySection, sectionSlug));
  const verb = random.pick(verbs);
  const object = random.pick(bankFor(objectsBySection, sectionSlug));
  const clause = random.pick(clauses);
  const headline = `${subject.web} ${verb.web} ${object.web} ${clause}`;
  const printHeadline = capitalise(`${subject.print} ${verb.print} ${object.print}`);
  const standfirst = `${subject.web} say the decision on ${object.web} could take effect within ${random.int(2, 18)} months, though questions remain over who pays.`;

  const paragraphCount = random.int(1, 4);
  const body: BodyBlock[] = [];
  for (let i = 0; i < paragraphCount; i++)
    body.push({ type: "paragraph", text: paragraph(random, subject.web, object.web) });
  body.splice(1, 0, { type: "heading", text: random.pick(headingBank) });
  body.push({
    type: "quote",
    text: `We have waited long enough for ${object.web}; now it has to work for the people it was meant for.`,
    attribution: `${personName(random)}, ${random.pick(roles)}`,
  });
  body.push({
    type: "list",
    items: random
      .sample(places, 3)
      .map((place) => `${place}: consultation opens in ${random.int(1, 8)} weeks`),
  });
  body.push({ type: "paragraph", text: paragraph(random, subject.web, object.web) });
  return {
    headline: capitalise(headline),
    slugText: `${subject.web} ${verb.web} ${object.web}`,
    printHeadline,
    standfirst,
    body,
  };
}

export function authorBio(random: SeedRandom, name: string, title: string): string {
  const years = random.int(4, 22);
  const place = random.pick(places);
  return `${name} is The Daily Edge's ${title.toLowerCase()}, reporting for ${years} years and based in ${place}.`;
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
