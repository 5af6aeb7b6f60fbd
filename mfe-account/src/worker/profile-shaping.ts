import type { AccountView, SessionView } from "edge-api/contract/account";
import type { ArticleCard } from "edge-api/contract/content";
import { hrefFor } from "shell/contract/addresses";
import type { ProfileView } from "../ui/account-view.ts";

/** Turns the API's account data into the profile's props: only what the page shows. */

const lastUsedFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** An article's own page, from the shell's route table (the API knows no screens). */
export function articleHref(article: Pick<ArticleCard, "slug" | "section" | "category">): string {
  return hrefFor("content.article", {
    section: article.section.slug,
    category: article.category.slug,
    slug: article.slug,
  });
}

function formatLastUsed(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "at an unknown time" : `${lastUsedFormat.format(time)} UTC`;
}

export function shapeProfile(input: {
  publication: ProfileView["publication"];
  csrf: string;
  done: ProfileView["done"];
  problems: ProfileView["problems"];
  account: AccountView;
  sessions: SessionView[];
  saved: ArticleCard[];
  values: ProfileView["values"];
}): ProfileView {
  const values: ProfileView["values"] = {};
  if (input.values.displayName !== undefined) values.displayName = input.values.displayName;
  if (input.values.newEmail !== undefined) values.newEmail = input.values.newEmail;
  return {
    view: "profile",
    publication: input.publication,
    csrf: input.csrf,
    done: input.done,
    problems: input.problems,
    account: {
      email: input.account.email,
      displayName: input.account.displayName,
      emailVerified: input.account.emailVerified,
    },
    // This device first, then the most recently used.
    sessions: [...input.sessions]
      .sort(
        (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
      )
      .map((session) => ({
        id: session.id,
        device: session.device,
        lastUsed: formatLastUsed(session.lastUsedAt),
        current: session.current,
      })),
    saved: input.saved.map((article) => ({
      slug: article.slug,
      href: articleHref(article),
      headline: article.headline,
    })),
    values,
  };
}
