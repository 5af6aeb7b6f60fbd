/** Word banks for generated news copy. Everything here is invented for the seed. */

export interface Phrase {
  /** As it reads on the web. */
  web: string;
  /** The tighter form a sub-editor would set in print. */
  print: string;
}

const p = (web: string, print: string): Phrase => ({ web, print });

export const subjectsBySection: Record<string, readonly Phrase[]> = {
  world: [
    p("Coastal nations", "Coastal states"),
    p("Northern alliance ministers", "Allies"),
    p("River basin governments", "Basin states"),
    p("Island leaders", "Islanders"),
    p("Border regions", "Border towns"),
    p("Regional trade envoys", "Envoys"),
  ],
  politics: [
    p("Backbench MPs", "Backbenchers"),
    p("County councillors", "Councils"),
    p("Opposition leaders", "Opposition"),
    p("Cabinet ministers", "Ministers"),
    p("Cross-party committees", "MPs"),
    p("Mayors of the big cities", "Mayors"),
  ],
  business: [
    p("Regional lenders", "Banks"),
    p("Small manufacturers", "Factories"),
    p("Pension fund trustees", "Pension funds"),
    p("High street retailers", "Shops"),
    p("Freight operators", "Hauliers"),
    p("Family-owned brewers", "Brewers"),
  ],
  technology: [
    p("Chip designers", "Chipmakers"),
    p("Online marketplaces", "Web shops"),
    p("Security researchers", "Researchers"),
    p("Phone makers", "Phone firms"),
    p("Open-source maintainers", "Coders"),
    p("Cloud providers", "Cloud firms"),
  ],
  science: [
    p("Marine biologists", "Biologists"),
    p("Astronomers", "Stargazers"),
    p("Hospital trusts", "Hospitals"),
    p("Climate modellers", "Scientists"),
    p("University laboratories", "Labs"),
    p("Public health officials", "Health chiefs"),
  ],
  culture: [
    p("Independent theatres", "Theatres"),
    p("City galleries", "Galleries"),
    p("Festival organisers", "Festivals"),
    p("Young composers", "Composers"),
    p("Village libraries", "Libraries"),
    p("Small publishers", "Publishers"),
  ],
  sport: [
    p("Club owners", "Owners"),
    p("County cricket boards", "Counties"),
    p("Tennis federations", "Tennis chiefs"),
    p("Athletics coaches", "Coaches"),
    p("Rugby unions", "Unions"),
    p("Supporters' trusts", "Fans"),
  ],
  opinion: [
    p("Ministers", "Ministers"),
    p("Regulators", "Watchdogs"),
    p("Local leaders", "Leaders"),
    p("Employers", "Bosses"),
    p("Universities", "Campuses"),
    p("Voters", "Voters"),
  ],
};

export const verbs: readonly Phrase[] = [
  p("back", "support"),
  p("reject", "snub"),
  p("weigh", "consider"),
  p("push for", "press for"),
  p("warn over", "fear"),
  p("unveil", "reveal"),
  p("delay", "stall"),
  p("agree on", "settle"),
  p("rethink", "revisit"),
  p("split over", "divided on"),
];

export const objectsBySection: Record<string, readonly Phrase[]> = {
  world: [
    p("a cross-border water treaty", "water pact"),
    p("new limits on deep-sea fishing", "fishing limits"),
    p("an emergency grain corridor", "grain route"),
    p("a shared storm-warning satellite", "storm satellite"),
    p("visa-free travel for students", "student visas"),
    p("a regional power grid", "power grid"),
  ],
  politics: [
    p("a cap on campaign spending", "spending cap"),
    p("changes to the planning rules", "planning shake-up"),
    p("a four-day week for civil servants", "four-day week"),
    p("the rural bus budget", "bus budget"),
    p("votes at sixteen", "votes at 16"),
    p("an elected regional assembly", "new assembly"),
  ],
  business: [
    p("a levy on empty shop units", "empty-shop levy"),
    p("a new inland freight hub", "freight hub"),
    p("higher rates for savers", "savers' rates"),
    p("a merger of two building societies", "mutual merger"),
    p("a payroll tax holiday", "tax holiday"),
    p("a shorter working week", "short week"),
  ],
  technology: [
    p("a repairable phone standard", "repair rules"),
    p("stricter rules on data brokers", "data crackdown"),
    p("a public cloud for universities", "campus cloud"),
    p("a ban on default passwords", "password ban"),
    p("age checks for social apps", "age checks"),
    p("a national chip foundry", "chip plant"),
  ],
  science: [
    p("a deep-ocean survey", "ocean survey"),
    p("a new radio telescope", "telescope"),
    p("longer hospital opening hours", "longer hours"),
    p("a seed bank for wild flowers", "seed bank"),
    p("a trial of a malaria vaccine", "vaccine trial"),
    p("open access for publicly funded papers", "open papers"),
  ],
  culture: [
    p("a season of late-night theatre", "late shows"),
    p("free entry on Sunday evenings", "free Sundays"),
    p("a prize for debut poets", "poetry prize"),
    p("a touring orchestra for small towns", "touring orchestra"),
    p("a digital archive of folk songs", "folk archive"),
    p("a new home for the city's film archive", "film archive"),
  ],
  sport: [
    p("a salary cap for the top division", "salary cap"),
    p("a new floodlit ground", "new ground"),
    p("a summer of day-night cricket", "night cricket"),
    p("a women's professional league", "women's league"),
    p("shorter matches in the early rounds", "shorter games"),
    p("cheaper tickets for young fans", "cheap tickets"),
  ],
  opinion: [
    p("the promise of cheaper homes", "housing pledge"),
    p("a fair deal for carers", "carers' deal"),
    p("cleaner rivers", "clean rivers"),
    p("an honest debate on tax", "tax debate"),
    p("the future of the high street", "high street"),
    p("slower, safer streets", "safer streets"),
  ],
};

export const clauses: readonly string[] = [
  "after a late-night vote",
  "despite a cool reception",
  "ahead of the spring summit",
  "as costs keep climbing",
  "amid record demand",
  "in a surprise move",
  "after months of talks",
  "as a deadline looms",
  "following a public outcry",
  "with support fading",
];

export const places: readonly string[] = [
  "Harlow Bay",
  "Eastmere",
  "Kestrel Point",
  "Vellbridge",
  "Northgate",
  "Ardley Cross",
  "Saltmarsh",
  "Greywater",
  "Linden Vale",
  "Portreath Sound",
  "Marrow Hill",
  "Okenfield",
  "Thistledown",
  "Callow Reach",
  "Brindlemoor",
  "Westhaven",
];

export const firstNames: readonly string[] = [
  "Ines",
  "Callum",
  "Oluwaseun",
  "Greta",
  "Rafael",
  "Mirela",
  "Tobias",
  "Yusra",
  "Declan",
  "Hana",
  "Maren",
  "Idris",
  "Priya",
  "Tomasz",
  "Ada",
  "Jonah",
  "Saoirse",
  "Kwame",
  "Lotte",
  "Anouk",
  "Emeka",
  "Farah",
  "Soren",
  "Leilani",
  "Matteo",
  "Nadia",
  "Osman",
  "Rosalind",
];

export const lastNames: readonly string[] = [
  "Ashdown",
  "Brennick",
  "Castellan",
  "Dunmore",
  "Elsworth",
  "Farrant",
  "Galloway",
  "Hartigan",
  "Holt",
  "Calloway",
  "Fenwick",
  "Reyes",
  "Quinlan",
  "Whitcombe",
  "Okafor",
  "Lindqvist",
  "Marchetti",
  "Nakamura",
  "Pemberton",
  "Sallis",
  "Varga",
  "Wetherby",
  "Youssef",
  "Zielinski",
];

export const roles: readonly string[] = [
  "a local organiser",
  "an economist at a regional university",
  "a spokesperson for the group",
  "a long-serving councillor",
  "a researcher who studies the sector",
  "a former minister",
  "the chair of the residents' association",
  "a senior figure in the industry",
];

export const organisations: readonly string[] = [
  "the Institute for Regional Studies",
  "the Fair Prices Commission",
  "the National Audit Panel",
  "the Coastal Communities Trust",
  "the Federation of Small Firms",
  "the Open Data Foundation",
];

export const headingBank: readonly string[] = [
  "What happens next",
  "How we got here",
  "The cost question",
  "Who gains, who loses",
  "The view from the ground",
  "The numbers behind it",
  "A long road",
  "What the critics say",
  "The case for change",
  "Lessons from elsewhere",
];

export const imageSubjects: readonly string[] = [
  "the harbour at dawn",
  "a council chamber during a debate",
  "a crowded market square",
  "a laboratory bench with samples",
  "a stadium under floodlights",
  "a gallery visitor in front of a large canvas",
  "a freight yard seen from above",
  "a row of terraced houses in the rain",
  "a coastline after a storm",
  "a railway station at rush hour",
];
