/** Pages the shell renders itself when no fragment can answer. */
export function NotFoundPage() {
  return (
    <section className="s-status" aria-labelledby="s-status-title">
      <h1 id="s-status-title">Page not found</h1>
      <p>
        We could not find the page you asked for. It may have moved, or the address may be wrong.
      </p>
      <p>
        <a href="/">Go to the front page</a> or <a href="/todays-paper">read today&rsquo;s paper</a>
        .
      </p>
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
        <a href="/">Go to the front page</a>
      </p>
    </section>
  );
}

export const NOT_FOUND_TITLE = "Page not found";
export const UNAVAILABLE_TITLE = "Temporarily unavailable";
