import type { ApiClient } from "edge-api/client";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { seeOther, type SessionStart } from "./account-answers.ts";
import type { AccountContext } from "./account-context.ts";
import { MAX_ARTICLE_SLUG } from "./account-forms.ts";
import { articleHref } from "./profile-shaping.ts";

/**
 * "Save for later" across logging in (issue 15): a reader who is not logged in is sent to log
 * in (or sign up) with `next` = the save address, `/profile?save=<slug>`; once they are in,
 * the article is saved and they land on it, instead of on the page that asks to confirm.
 */

/** The profile's address that asks to save the article `slug`. */
export function saveAddress(slug: string): string {
  return hrefFor("account.profile", {}, { save: slug });
}

/** The slug a save address names, or null for any other path (or a slug no article has). */
export function slugOfSaveAddress(path: string | null): string | null {
  if (path === null) return null;
  const url = new URL(path, "https://save-address.invalid");
  if (url.pathname !== hrefFor("account.profile")) return null;
  const slug = url.searchParams.get("save");
  return slug && slug.length <= MAX_ARTICLE_SLUG ? slug : null;
}

/** Saves `slug` as the API client's account holder: the article's path, or null if that failed. */
async function saveAs(api: ApiClient, slug: string): Promise<string | null> {
  try {
    const found = await api.article(slug);
    if (!found.ok) return null;
    const result = await api.saveArticle(slug);
    return result.ok ? articleHref(found.data.article) : null;
  } catch {
    // An unreadable API answer: the save address below still offers to save.
    return null;
  }
}

/**
 * Where a reader goes once a form signed them in: `next` (already checked to be a path on this
 * site) or the profile. A save address is done on the way, as the new session: 303 to the
 * article, saved. Should saving fail, the save address itself is the way on (it asks, and
 * explains a missing article), so the new session is never lost to an error.
 */
export async function afterSigningIn(
  context: AccountContext,
  next: string | null,
  session: SessionStart,
): Promise<LoadOutcome> {
  const slug = slugOfSaveAddress(next);
  const article = slug === null ? null : await saveAs(context.apiAs(session.accessToken), slug);
  return seeOther(article ?? next ?? hrefFor("account.profile"), session);
}
