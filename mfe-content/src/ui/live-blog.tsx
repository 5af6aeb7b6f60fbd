import { useEffect, useState } from "react";
import type { LiveUpdateView, LiveView } from "./content-views.ts";
import { InlineText } from "./inline-text.tsx";
import { fetchNewerUpdates, LIVE_POLL_MS, newestId, pageVisible } from "./live-poller.ts";
import { toLiveUpdateView } from "./live-views.ts";
import { PublicationTime } from "./publication-time.tsx";

/**
 * A live blog on its article (issue 16, decision 0021): the "Live" label, the key events as a
 * jump list, and the updates newest first, each with its anchor (`#update-<id>`). The article
 * page imports this module lazily, so it and the poller are a chunk of their own that only live
 * articles load. The page is complete without JavaScript; with it, new updates appear at the
 * top while the blog is live, and a polite live region says how many arrived.
 */

const KEY_EVENT_SUMMARY = 90;

function summaryOf(update: LiveUpdateView): string {
  const text = update.paragraphs[0]?.text ?? "";
  return text.length > KEY_EVENT_SUMMARY ? `${text.slice(0, KEY_EVENT_SUMMARY - 1)}…` : text;
}

function Update({ update }: { update: LiveUpdateView }) {
  const anchor = `update-${update.id}`;
  return (
    <article className="c-live__update" id={anchor}>
      <p className="c-live__meta">
        <a href={`#${anchor}`}>
          <PublicationTime iso={update.postedAt} withTime />
        </a>
        {update.keyEvent ? <strong className="c-live__key">Key event</strong> : null}
      </p>
      {update.paragraphs.map((paragraph, index) => (
        <p key={index}>
          <InlineText text={paragraph.text} runs={paragraph.runs} />
        </p>
      ))}
    </article>
  );
}

function announcement(count: number): string {
  if (count === 0) return "";
  return count === 1 ? "1 new update" : `${count} new updates`;
}

/** New updates while the page is open; the server's list stays as it was rendered. */
function useNewerUpdates(live: LiveView) {
  const [fresh, setFresh] = useState<LiveUpdateView[]>([]);
  const [state, setState] = useState(live.state);
  const [more, setMore] = useState(false);
  const newest = newestId([...fresh, ...live.updates].map((update) => update.id));
  const polling = state === "live" && !more;
  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    const timer = setInterval(() => {
      if (!pageVisible()) return;
      void fetchNewerUpdates(live.pollHref, newest).then((answer) => {
        if (stopped || !answer) return;
        const known = new Set([...fresh, ...live.updates].map((update) => update.id));
        const added = answer.updates
          .filter((update) => !known.has(update.id))
          .map(toLiveUpdateView);
        if (added.length > 0) setFresh((before) => [...added, ...before]);
        if (answer.more) setMore(true);
        if (answer.state !== "live") setState(answer.state);
      });
    }, LIVE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [polling, newest, fresh, live.pollHref, live.updates]);
  return { fresh, state, more };
}

export default function LiveBlog({ live }: { live: LiveView }) {
  const { fresh, state, more } = useNewerUpdates(live);
  const updates = [...fresh, ...live.updates];
  const keyEvents = updates.filter((update) => update.keyEvent);
  return (
    <section className="c-live" aria-labelledby="live-heading">
      <h2 id="live-heading" className="c-live__heading">
        {state === "live" ? (
          <>
            <span className="c-live__label">Live</span> Latest updates
          </>
        ) : (
          "Updates"
        )}
      </h2>
      {state === "ended" ? <p className="c-live__ended">This live blog has ended.</p> : null}
      {keyEvents.length > 0 ? (
        <nav className="c-live__key-events" aria-labelledby="key-events-heading">
          <h3 id="key-events-heading">Key events</h3>
          <ul>
            {keyEvents.map((update) => (
              <li key={update.id}>
                <a href={`#update-${update.id}`}>
                  <PublicationTime iso={update.postedAt} withTime /> {summaryOf(update)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="c-live__status" role="status">
        {announcement(fresh.length)}
      </p>
      {more ? (
        <p className="c-live__more">
          There are more new updates than fit here: <a href="">reload the page</a> to read them.
        </p>
      ) : null}
      {updates.length === 0 ? <p>No updates yet.</p> : null}
      {updates.map((update) => (
        <Update key={update.id} update={update} />
      ))}
    </section>
  );
}
