import { hrefFor } from "../contract/site-addresses.ts";
import { SiteSearch } from "./site-search.tsx";

const frontPage = hrefFor("content.home");
const todaysPaper = hrefFor("paper.today");

/** Pages the shell renders itself when no fragment can answer. */
export function NotFoundPage() {
  return (
    <section className="s-status" aria-labelledby="s-status-title">
      <h1 id="s-status-title">Page not found</h1>
      <p>
        We could not find the page you asked for. It may have moved, or the address may be wrong.
      </p>
      <p>
        <a href={frontPage}>Go to the front page</a>
        {" or "}
        <a href={todaysPaper}>read today&rsquo;s paper</a>, or search for it:
      </p>
      <SiteSearch id="s-not-found-search" label="Search for the page" />
    </section>
  );
}

export function FragmentUnavailablePage() {
  return (
    <section className="s-status" aria-labelledby="s-status-title" role="alert">
      <h1 id="s-status-title">This page is unavailable right now</h1>
      <p>
        Part of the site is having trouble. Please try again in a minute; the rest of the site keeps
        working.
      </p>
      <p>
        <a href={frontPage}>Go to the front page</a>
      </p>
    </section>
  );
}

/**
 * A reader (an account without a newsroom role) on a newsroom page. Staff are let in by an
 * admin's invitation, so the page says so instead of offering a way to ask.
 */
export function NewsroomForbiddenPage() {
  return (
    <section className="s-status" aria-labelledby="s-status-title">
      <h1 id="s-status-title">The newsroom is for the publication&rsquo;s staff</h1>
      <p>
        Your account is a reader&rsquo;s account, so it cannot open the newsroom. Members of staff
        join through an invitation from an administrator.
      </p>
      <p>
        <a href={frontPage}>Go back to the front page</a>
      </p>
    </section>
  );
}

export const NOT_FOUND_TITLE = "Page not found";
export const NEWSROOM_FORBIDDEN_TITLE = "Staff only";
export const UNAVAILABLE_TITLE = "Temporarily unavailable";

/** The document title of a status page: "Page not found | The Daily Edge". */
export function statusPageTitle(title: string, publicationName: string): string {
  return `${title} | ${publicationName}`;
}
