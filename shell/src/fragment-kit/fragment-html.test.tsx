import { lazy, Suspense, useId } from "react";
import { describe, expect, it } from "vitest";
import { identifierPrefixFor, type FragmentAppProps } from "../contract/fragment-contract.ts";
import { streamedHtml } from "./complete-html.ts";
import { renderFragmentHtml } from "./fragment-server.tsx";

/**
 * Issue 19: the kit renders a fragment's HTML with `renderToString` (no stream), and falls back
 * to the streaming renderer only when a lazily loaded part is not loaded yet. Either way the
 * answer is the complete page, written exactly as the streaming renderer writes it, so the
 * browser's hydration sees the same HTML as before.
 */

function Card({ title }: { title: string }) {
  const id = useId();
  return (
    <article aria-labelledby={id} className="c-card" style={{ gridColumn: "span 2" }}>
      <h2 id={id}>{title}</h2>
      <img src="/images/1.svg" alt="" width={640} height={360} fetchPriority="high" />
      <p>
        {"Text "}
        {title} & {"<more>"}
      </p>
      <time dateTime="2026-11-25T09:30:00Z">25 November 2026</time>
    </article>
  );
}

const Page = ({ routeId, props }: FragmentAppProps) => (
  <main data-route={routeId}>
    <Card title={String((props as { title: string }).title)} />
    <Suspense fallback={<p>Loading</p>}>
      <Card title="Inside a boundary" />
    </Suspense>
    <form method="post" action="/profile">
      <input type="hidden" name="intent" value="save-article" />
      <button type="submit">Save</button>
    </form>
  </main>
);

function Later() {
  return <p className="later">Loaded later</p>;
}

/** A lazily loaded part, as the content fragment loads its live blog. */
function lazyApp() {
  let loads = 0;
  const Part = lazy(async () => {
    loads += 1;
    return { default: Later };
  });
  const App = () => (
    <div>
      <h1>Live</h1>
      <Suspense fallback={<p>Loading the updates</p>}>
        <Part />
      </Suspense>
    </div>
  );
  return { App, loads: () => loads };
}

describe("renderFragmentHtml", () => {
  it("writes the HTML the streaming renderer writes", async () => {
    const props = { title: "A headline with “quotes” & <tags>" };
    const html = await renderFragmentHtml("content", Page, "content.article", props);
    const streamed = await streamedHtml(<Page routeId="content.article" props={props} />, {
      identifierPrefix: identifierPrefixFor("content"),
    });
    expect(html).toBe(streamed);
    expect(html).toContain("A headline with “quotes” &amp; &lt;tags&gt;");
    // useId is prefixed with the fragment's own prefix, as the browser's hydration expects.
    expect(html).toContain(`id="_${identifierPrefixFor("content")}R_1_"`);
  });

  it("renders a lazily loaded part in full on its first render, never its fallback", async () => {
    const { App, loads } = lazyApp();
    const first = await renderFragmentHtml("content", App, "content.article", null);
    expect(first).toContain('<p class="later">Loaded later</p>');
    expect(first).not.toContain("Loading the updates");
    expect(first).not.toContain("<!--$!-->");
    // Once loaded, the part renders without waiting, and the page is written the same way.
    const second = await renderFragmentHtml("content", App, "content.article", null);
    expect(second).toBe(first);
    expect(loads()).toBe(1);
  });

  it("fails the render when a component throws", async () => {
    const Broken = () => {
      throw new Error("the view is broken");
    };
    await expect(renderFragmentHtml("content", Broken, "content.article", null)).rejects.toThrow(
      "the view is broken",
    );
  });
});
