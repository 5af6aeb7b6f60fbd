import type { BodyBlock } from "../src/contract/article-contract.ts";

/** The fixed skeleton of the seed: sections, categories, desks, tags and static pages. */

export interface SeedSectionSpec {
  slug: string;
  name: string;
  description: string;
  categories: readonly { slug: string; name: string; description: string }[];
}

const category = (slug: string, name: string, description: string) => ({ slug, name, description });

export const seedSections: readonly SeedSectionSpec[] = [
  {
    slug: "world",
    name: "World",
    description: "Reporting from every continent on the stories that cross borders.",
    categories: [
      category("europe", "Europe", "Capitals, coalitions and coastlines of Europe."),
      category("americas", "Americas", "From the Arctic north to the southern cone."),
      category("asia-pacific", "Asia Pacific", "Trade lanes, island states and megacities."),
      category("africa", "Africa", "Growing cities, young voters and old borders."),
      category("middle-east", "Middle East", "Diplomacy, water and the politics of oil."),
    ],
  },
  {
    slug: "politics",
    name: "Politics",
    description: "Parliament, councils and the people who run them.",
    categories: [
      category("parliament", "Parliament", "Votes, committees and the division lobby."),
      category("local-government", "Local government", "Town halls, budgets and bin rounds."),
      category("elections", "Elections", "Campaigns, polls and the counts that settle them."),
      category("policy", "Policy", "What governments promise, and what they deliver."),
    ],
  },
  {
    slug: "business",
    name: "Business",
    description: "Markets, companies and the economy behind the headlines.",
    categories: [
      category("markets", "Markets", "Shares, bonds and the money that moves them."),
      category("companies", "Companies", "Boardrooms, start-ups and shop floors."),
      category("economy", "Economy", "Prices, wages and the numbers that shape them."),
      category("work", "Work", "Careers, pay and the changing workplace."),
    ],
  },
  {
    slug: "technology",
    name: "Technology",
    description: "The machines, networks and software that run modern life.",
    categories: [
      category("internet", "Internet", "Platforms, protocols and the people online."),
      category("artificial-intelligence", "Artificial intelligence", "Models, data and limits."),
      category("cybersecurity", "Cybersecurity", "Breaches, defences and digital crime."),
      category("gadgets", "Gadgets", "Phones, wearables and the things we carry."),
    ],
  },
  {
    slug: "science",
    name: "Science",
    description: "Discoveries, experiments and the people behind them.",
    categories: [
      category("space", "Space", "Launches, telescopes and the search beyond Earth."),
      category("environment", "Environment", "Climate, nature and the state of the planet."),
      category("health", "Health", "Medicine, hospitals and public health."),
      category("research", "Research", "Laboratories, fieldwork and peer review."),
    ],
  },
  {
    slug: "culture",
    name: "Culture",
    description: "Books, film, music and the arts worth your evening.",
    categories: [
      category("books", "Books", "New writing, old favourites and the prizes between."),
      category("film", "Film", "Premieres, festivals and the art-house circuit."),
      category("music", "Music", "Stages large and small, and what plays on them."),
      category("art", "Art", "Galleries, studios and public commissions."),
      category("theatre", "Theatre", "First nights, touring companies and local stages."),
    ],
  },
  {
    slug: "sport",
    name: "Sport",
    description: "Results, rivalries and the stories off the pitch.",
    categories: [
      category("football", "Football", "Leagues, cups and the clubs behind them."),
      category("cricket", "Cricket", "Tests, county days and the short formats."),
      category("tennis", "Tennis", "Tours, grass courts and the rising names."),
      category("athletics", "Athletics", "Track, field and the long road."),
      category("rugby", "Rugby", "Union, league and the grassroots game."),
    ],
  },
  {
    slug: "opinion",
    name: "Opinion",
    description: "Argument, analysis and the view from our writers and readers.",
    categories: [
      category("editorials", "Editorials", "The Daily Edge's own view on the day's news."),
      category("columnists", "Columnists", "Regular voices, reliably opinionated."),
      category("letters", "Letters", "Readers answer back."),
    ],
  },
];

/** Desks: one author per title, tied to the section they mostly write for. */
export const seedDesks: readonly { title: string; section: string }[] = [
  { title: "Europe correspondent", section: "world" },
  { title: "Americas correspondent", section: "world" },
  { title: "Asia Pacific correspondent", section: "world" },
  { title: "Africa correspondent", section: "world" },
  { title: "Political editor", section: "politics" },
  { title: "Parliamentary correspondent", section: "politics" },
  { title: "Local government reporter", section: "politics" },
  { title: "Business editor", section: "business" },
  { title: "Markets reporter", section: "business" },
  { title: "Economics editor", section: "business" },
  { title: "Technology editor", section: "technology" },
  { title: "Security reporter", section: "technology" },
  { title: "Digital culture reporter", section: "technology" },
  { title: "Science editor", section: "science" },
  { title: "Environment correspondent", section: "science" },
  { title: "Health correspondent", section: "science" },
  { title: "Culture editor", section: "culture" },
  { title: "Film critic", section: "culture" },
  { title: "Music critic", section: "culture" },
  { title: "Books editor", section: "culture" },
  { title: "Sport editor", section: "sport" },
  { title: "Football correspondent", section: "sport" },
  { title: "Chief sports writer", section: "sport" },
  { title: "Leader writer", section: "opinion" },
  { title: "Columnist", section: "opinion" },
];

export const seedTagNames: readonly string[] = [
  "Climate",
  "Elections",
  "Trade",
  "Housing",
  "Transport",
  "Energy",
  "Public health",
  "Machine learning",
  "Arts funding",
  "Farming",
  "Education",
  "Migration",
  "Taxation",
  "Inflation",
  "Interest rates",
  "Jobs",
  "Pensions",
  "Water",
  "Oceans",
  "Wildlife",
  "Space exploration",
  "Privacy",
  "Social media",
  "Smartphones",
  "Semiconductors",
  "Cybercrime",
  "Start-ups",
  "Banking",
  "Retail",
  "Tourism",
  "Aviation",
  "Railways",
  "Cycling",
  "Football",
  "Cricket",
  "Tennis",
  "Olympics",
  "Athletics",
  "Rugby",
  "Film festivals",
  "Literature",
  "Poetry",
  "Classical music",
  "Pop music",
  "Theatre",
  "Museums",
  "Architecture",
  "Design",
  "Fashion",
  "Food",
  "Diplomacy",
  "Defence",
  "Human rights",
  "Courts",
  "Policing",
  "Local councils",
  "Devolution",
  "Budgets",
  "Public spending",
  "Universities",
  "Schools",
  "Childcare",
  "Mental health",
  "Hospitals",
  "Vaccines",
  "Medicine",
  "Genetics",
  "Physics",
  "Astronomy",
  "Archaeology",
  "Geology",
  "Weather",
  "Floods",
  "Wildfires",
  "Renewables",
  "Nuclear power",
  "Electric cars",
  "Shipping",
  "Supply chains",
  "Data centres",
];

const paragraph = (text: string): BodyBlock => ({ type: "paragraph", text });
const heading = (text: string): BodyBlock => ({ type: "heading", text });

export const seedPages: readonly { slug: string; title: string; body: BodyBlock[] }[] = [
  {
    slug: "about",
    title: "About The Daily Edge",
    body: [
      paragraph(
        "The Daily Edge is an independent newsroom publishing around the clock and in print every morning.",
      ),
      heading("What we stand for"),
      {
        type: "list",
        items: [
          "Accuracy before speed",
          "Corrections in plain sight",
          "No paywall on breaking news",
        ],
      },
      paragraph(
        "Our reporters work from five bureaux and answer to the editor, not to advertisers.",
      ),
      { type: "pullquote", text: "We would rather be second and right than first and wrong." },
    ],
  },
  {
    slug: "contact",
    title: "Contact us",
    body: [
      paragraph("Tips, corrections and letters reach the newsroom through the addresses below."),
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
  {
    slug: "terms",
    title: "Terms of use",
    body: [
      paragraph(
        "These terms cover your use of The Daily Edge website and its printed editions. By reading the site you accept them.",
      ),
      heading("Using our journalism"),
      paragraph(
        "You may share links to our articles freely. Republishing an article in full needs our written permission.",
      ),
      heading("Accounts"),
      {
        type: "list",
        ordered: true,
        items: [
          "Keep your password to yourself.",
          "Tell us at once if you think someone else has used your account.",
          "We may close accounts used to harass readers or staff.",
        ],
      },
      paragraph("We may update these terms; the date of the latest change is shown on this page."),
    ],
  },
  {
    slug: "privacy",
    title: "Privacy notice",
    body: [
      paragraph(
        "We collect as little about readers as we can. Reading the site needs no account and sets no tracking cookies.",
      ),
      heading("What we keep"),
      {
        type: "list",
        items: [
          "Account holders: an email address, a display name and a password hash.",
          "Everyone: server logs kept for fourteen days to keep the site secure.",
        ],
      },
      heading("Your rights"),
      paragraph(
        "You can download or delete your account at any time from your profile, or write to the readers' editor.",
      ),
    ],
  },
  {
    slug: "corrections",
    title: "Corrections and clarifications",
    body: [
      paragraph(
        "When we get something wrong we say so, here and at the foot of the article concerned.",
      ),
      heading("How to report an error"),
      paragraph(
        "Write to corrections@dailyedge.example with the address of the article and what you believe is wrong.",
      ),
      {
        type: "quote",
        text: "A correction is not an embarrassment; leaving an error standing is.",
        attribution: "The editor",
      },
    ],
  },
];
