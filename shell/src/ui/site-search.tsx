import { hrefFor } from "../contract/site-addresses.ts";

/** The search page's own limit (mfe-content's search loader); longer queries find nothing. */
const QUERY_MAX_LENGTH = 200;

interface SiteSearchProps {
  /** The input's id: the masthead and the 404 page both carry a form, so each names its own. */
  id: string;
  /** Names the landmark; two search landmarks on one page need different names. */
  label: string;
  className?: string;
}

/**
 * A plain GET form to the search page (`?q=`), so search is one step away on every page with or
 * without JavaScript.
 */
export function SiteSearch({ id, label, className }: SiteSearchProps) {
  return (
    <form
      className={className ? `s-search ${className}` : "s-search"}
      role="search"
      aria-label={label}
      method="get"
      action={hrefFor("content.search")}
    >
      <label htmlFor={id} className="s-visually-hidden">
        Search articles
      </label>
      <input id={id} type="search" name="q" maxLength={QUERY_MAX_LENGTH} placeholder="Search" />
      <button type="submit">Search</button>
    </form>
  );
}
