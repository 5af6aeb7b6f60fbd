import type { BodyBlock } from "../../domain/api-types.ts";

/** The fixed skeleton of the seed: sections, categories, authors, tags and static pages. */

export interface SeedSectionSpec {
  slug: string;
  name: string;
  description: string;
  categories: readonly { slug: string; name: string; description: string }[];
}

export const seedSections: readonly SeedSectionSpec[] = [
  {
    slug: "world",
    name: "World",
    description: "Reporting from every continent on the stories that cross borders.",
    categories: [
      {
        slug: "europe",
        name: "Europe",
        description: "Capitals, coalitions and coastlines of Europe.",
      },
      {
        slug: "americas",
        name: "Americas",
        description: "From the Arctic north to the southern cone.",
      },
      {
        slug: "asia-pacific",
        name: "Asia Pacific",
        description: "Trade lanes, island states and megacities.",
      },
    ],
  },
  {
    slug: "politics",
    name: "Politics",
    description: "Parliament, councils and the people who run them.",
    categories: [
      {
        slug: "parliament",
        name: "Parliament",
        description: "Votes, committees and the division lobby.",
      },
      {
        slug: "local-government",
        name: "Local government",
        description: "Town halls, budgets and bin rounds.",
      },
    ],
  },
  {
    slug: "business",
    name: "Business",
    description: "Markets, companies and the economy behind the headlines.",
    categories: [
      {
        slug: "markets",
        name: "Markets",
        description: "Shares, bonds and the money that moves them.",
      },
      {
        slug: "companies",
        name: "Companies",
        description: "Boardrooms, start-ups and shop floors.",
      },
      {
        slug: "economy",
        name: "Economy",
        description: "Prices, wages and the numbers that shape them.",
      },
    ],
  },
  {
    slug: "culture",
    name: "Culture",
    description: "Books, film, music and the arts worth your evening.",
    categories: [
      {
        slug: "books",
        name: "Books",
        description: "New writing, old favourites and the prizes between.",
      },
      {
        slug: "film",
        name: "Film",
        description: "Premieres, festivals and the art-house circuit.",
      },
      {
        slug: "music",
        name: "Music",
        description: "Stages large and small, and what plays on them.",
      },
    ],
  },
];

export const seedAuthors: readonly { slug: string; name: string; title: string }[] = [
  { slug: "maren-holt", name: "Maren Holt", title: "World affairs editor" },
  { slug: "idris-calloway", name: "Idris Calloway", title: "Political correspondent" },
  { slug: "priya-fenwick", name: "Priya Fenwick", title: "Business reporter" },
  { slug: "tomasz-reyes", name: "Tomasz Reyes", title: "Culture critic" },
  { slug: "ada-quinlan", name: "Ada Quinlan", title: "Economics editor" },
  { slug: "jonah-whitcombe", name: "Jonah Whitcombe", title: "Senior reporter" },
];

export const seedTags: readonly { slug: string; name: string }[] = [
  { slug: "climate", name: "Climate" },
  { slug: "elections", name: "Elections" },
  { slug: "trade", name: "Trade" },
  { slug: "housing", name: "Housing" },
  { slug: "transport", name: "Transport" },
  { slug: "energy", name: "Energy" },
  { slug: "health", name: "Health" },
  { slug: "technology", name: "Technology" },
  { slug: "arts-funding", name: "Arts funding" },
  { slug: "farming", name: "Farming" },
];

export const seedPages: readonly { slug: string; title: string; body: BodyBlock[] }[] = [
  {
    slug: "about",
    title: "About The Daily Edge",
    body: [
      {
        type: "paragraph",
        text: "The Daily Edge is an independent newsroom publishing around the clock and in print every morning.",
      },
      { type: "heading", text: "What we stand for" },
      {
        type: "list",
        items: [
          "Accuracy before speed",
          "Corrections in plain sight",
          "No paywall on breaking news",
        ],
      },
      {
        type: "paragraph",
        text: "Our reporters work from five bureaux and answer to the editor, not to advertisers.",
      },
    ],
  },
  {
    slug: "contact",
    title: "Contact us",
    body: [
      {
        type: "paragraph",
        text: "Tips, corrections and letters reach the newsroom through the addresses below.",
      },
      {
        type: "list",
        items: [
          "Newsdesk: newsdesk@dailyedge.example",
          "Corrections: corrections@dailyedge.example",
          "Letters: letters@dailyedge.example",
        ],
      },
      {
        type: "quote",
        text: "Every message is read by a person, usually before the next edition goes to press.",
        attribution: "The readers' editor",
      },
    ],
  },
];
