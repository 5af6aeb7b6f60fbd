import { hrefFor } from "shell/contract/addresses";
import { MAX_ARTICLE_SLUG } from "./account-forms.ts";

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
