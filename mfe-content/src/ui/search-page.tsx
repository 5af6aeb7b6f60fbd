import { useId } from "react";
import { hrefFor } from "shell/contract/addresses";
import type { LinkView, SearchResultView, SearchView } from "./content-views.ts";
import { HeadedSection } from "./headed-section.tsx";
import { StoryCardHeading, StoryCardMeta } from "./story-list.tsx";

/** Matches the worker's limit; longer searches are answered with "no results". */
const QUERY_MAX_LENGTH = 200;

function SearchForm({ query }: { query: string }) {
  const id = useId();
  return (
    <form className="c-search-form" role="search" method="get" action={hrefFor("content.search")}>
      <label htmlFor={id}>Search articles</label>
      <div className="c-search-form__row">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={QUERY_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit">Search</button>
      </div>
    </form>
  );
}

/** The snippet as text pieces; matched words become <mark>, and React escapes all of it. */
function Snippet({ parts }: { parts: SearchResultView["snippet"] }) {
  if (parts.length === 0) return null;
  return (
    <p className="c-snippet">
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </p>
  );
}

function SearchResult({ result }: { result: SearchResultView }) {
  return (
    <article className="c-card c-result">
      <StoryCardHeading story={result.story} />
      <Snippet parts={result.snippet} />
      <StoryCardMeta story={result.story} />
    </article>
  );
}

function SectionSuggestions({ heading, sections }: { heading: string; sections: LinkView[] }) {
  if (sections.length === 0) return null;
  return (
    <HeadedSection heading={heading} className="c-search__sections">
      <ul className="c-link-list">
        {sections.map((section) => (
          <li key={section.href}>
            <a href={section.href}>{section.label}</a>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

function SearchHelp() {
  return (
    <HeadedSection heading="How to search" className="c-search__help">
      <ul>
        <li>Type a few words from a headline or a topic, such as a place or a name.</li>
        <li>Every word you type must appear in an article for it to match.</li>
        <li>Results are ordered by how well they match, best first.</li>
      </ul>
    </HeadedSection>
  );
}

export function SearchPage({ view }: { view: SearchView }) {
  return (
    <div className="c-page c-listing c-search">
      <header className="c-listing__header">
        <h1 className="c-listing__title">
          {view.state === "empty" ? "Search" : `Search results for “${view.query}”`}
        </h1>
        <SearchForm query={view.query} />
      </header>
      {view.state === "results" ? (
        <HeadedSection heading="Results" headingClassName="c-visually-hidden">
          <ol className="c-results">
            {view.results.map((result) => (
              <li key={result.story.href}>
                <SearchResult result={result} />
              </li>
            ))}
          </ol>
        </HeadedSection>
      ) : null}
      {view.moreHref ? (
        <nav className="c-pagination" aria-label="More search results">
          <a href={view.moreHref} rel="next">
            More results
          </a>
        </nav>
      ) : null}
      {view.state === "no-results" ? (
        <div className="c-search__none" role="status">
          <p className="c-search__message">
            {view.tooLong
              ? "That search is too long for us to look up. Try a few words instead."
              : `No articles match “${view.query}”.`}
          </p>
          <p>Check the spelling, use fewer or more general words, or browse a section.</p>
        </div>
      ) : null}
      {view.state === "empty" ? <SearchHelp /> : null}
      <SectionSuggestions heading="Browse the sections" sections={view.sections} />
    </div>
  );
}
