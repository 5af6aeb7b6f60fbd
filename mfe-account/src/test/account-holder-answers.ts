import { apiFailure, createFakeApi, type FakeAnswers, type FakeApi } from "edge-api/fake";
import { anAccount, aSession } from "edge-api/fake/accounts";
import { anArticleCard, anArticleDetail } from "edge-api/fake/content";
import type { ArticleCard } from "edge-api/contract/content";

/**
 * What the API says about the account holder of these tests (Ada Reader, `acc_1`): the
 * profile's account, two sessions (this one and another) and one saved article; any article
 * slug but `missing` is a published article. Each test overrides only what it is about.
 */

const city = {
  section: { slug: "city", name: "City" },
  category: { slug: "transport", name: "Transport" },
};

/** An article in City › Transport, so its address is `/city/transport/<slug>`. */
export function aCityArticle(slug: string): ArticleCard {
  return anArticleCard({ slug, headline: "New tram line opens", ...city });
}

export function accountHolderAnswers(overrides: FakeAnswers = {}): FakeAnswers {
  return {
    account: { account: anAccount() },
    sessions: {
      sessions: [
        aSession({
          id: "ses_other",
          device: "Firefox on Windows",
          lastUsedAt: "2026-11-19T10:00:00.000Z",
          current: false,
        }),
        aSession({
          id: "ses_here",
          device: "Chrome on Linux",
          createdAt: "2026-11-02T10:00:00.000Z",
          lastUsedAt: "2026-11-21T09:30:00.000Z",
          current: true,
        }),
      ],
    },
    savedArticles: { articles: [aCityArticle("saved-story")] },
    article: ({ params }) =>
      params.slug === "missing"
        ? apiFailure(404, "not_found")
        : { article: anArticleDetail({ ...aCityArticle(params.slug ?? ""), related: [] }) },
    ...overrides,
  };
}

/** edge-api's fake, answering as the account holder plus what the test adds. */
export function accountHolderApi(overrides: FakeAnswers = {}): FakeApi {
  return createFakeApi(accountHolderAnswers(overrides));
}
