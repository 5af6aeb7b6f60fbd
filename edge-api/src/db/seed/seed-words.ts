/** Word banks for generated news copy. Everything here is invented for the seed. */

export interface Phrase {
  /** As it reads on the web. */
  web: string;
  /** The tighter form a sub-editor would set in print. */
  print: string;
}

export const subjectsBySection: Record<string, readonly Phrase[]> = {
  world: [
    { web: "Coastal nations", print: "Coastal states" },
    { web: "Northern alliance ministers", print: "Allies" },
    { web: "River basin governments", print: "Basin states" },
    { web: "Island leaders", print: "Islanders" },
    { web: "Border regions", print: "Border towns" },
  ],
  politics: [
    { web: "Backbench MPs", print: "Backbenchers" },
    { web: "County councillors", print: "Councils" },
    { web: "Opposition leaders", print: "Opposition" },
    { web: "Cabinet ministers", print: "Ministers" },
    { web: "Cross-party committees", print: "MPs" },
  ],
  business: [
    { web: "Regional lenders", print: "Banks" },
    { web: "Small manufacturers", print: "Factories" },
    { web: "Pension fund trustees", print: "Pension funds" },
    { web: "High street retailers", print: "Shops" },
    { web: "Freight operators", print: "Hauliers" },
  ],
  culture: [
    { web: "Independent theatres", print: "Theatres" },
    { web: "City galleries", print: "Galleries" },
    { web: "Festival organisers", print: "Festivals" },
    { web: "Young composers", print: "Composers" },
    { web: "Village libraries", print: "Libraries" },
  ],
};

export const verbs: readonly Phrase[] = [
  { web: "back", print: "support" },
  { web: "reject", print: "snub" },
  { web: "weigh", print: "consider" },
  { web: "push for", print: "press for" },
  { web: "warn over", print: "fear" },
  { web: "unveil", print: "reveal" },
  { web: "delay", print: "stall" },
  { web: "agree on", print: "settle" },
];

export const objectsBySection: Record<string, readonly Phrase[]> = {
  world: [
    { web: "a cross-border water treaty", print: "water pact" },
    { web: "new limits on deep-sea fishing", print: "fishing limits" },
    { web: "an emergency grain corridor", print: "grain route" },
    { web: "a shared storm-warning satellite", print: "storm satellite" },
    { web: "visa-free travel for students", print: "student visas" },
  ],
  politics: [
    { web: "a cap on campaign spending", print: "spending cap" },
    { web: "changes to the planning rules", print: "planning shake-up" },
    { web: "a four-day week for civil servants", print: "four-day week" },
    { web: "the rural bus budget", print: "bus budget" },
    { web: "votes at sixteen", print: "votes at 16" },
  ],
  business: [
    { web: "a levy on empty shop units", print: "empty-shop levy" },
    { web: "a new inland freight hub", print: "freight hub" },
    { web: "higher rates for savers", print: "savers' rates" },
    { web: "a merger of two building societies", print: "mutual merger" },
    { web: "a payroll tax holiday", print: "tax holiday" },
  ],
  culture: [
    { web: "a season of late-night theatre", print: "late shows" },
    { web: "free entry on Sunday evenings", print: "free Sundays" },
    { web: "a prize for debut poets", print: "poetry prize" },
    { web: "a touring orchestra for small towns", print: "touring orchestra" },
    { web: "a digital archive of folk songs", print: "folk archive" },
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
];

export const roles: readonly string[] = [
  "a local organiser",
  "an economist at a regional university",
  "a spokesperson for the group",
  "a long-serving councillor",
  "a researcher who studies the sector",
];

export const headingBank: readonly string[] = [
  "What happens next",
  "How we got here",
  "The cost question",
  "Who gains, who loses",
  "The view from the ground",
];
