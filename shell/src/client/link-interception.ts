import { isNewsroomPath, matchPassthrough, matchRoute } from "../routes/route-table.ts";

/**
 * Fragments render plain links. A click on a same-origin link to a route of the shell's table
 * becomes a client-side navigation; everything else keeps the browser's behaviour.
 */
export function interceptLinkClicks(navigate: (to: string) => void): () => void {
  function onClick(event: MouseEvent): void {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if (anchor.target && anchor.target !== "_self") return;
    if (anchor.hasAttribute("download") || anchor.dataset.reload !== undefined) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    // Feeds, sitemaps and images are not pages: let the browser fetch them.
    if (matchPassthrough(url.pathname) || !matchRoute(url.pathname)) return;
    // The newsroom has its own chrome: crossing between it and the readers' pages loads a document.
    if (isNewsroomPath(url.pathname) !== isNewsroomPath(window.location.pathname)) return;
    if (
      url.pathname === window.location.pathname &&
      url.search === window.location.search &&
      url.hash
    ) {
      return;
    }
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  }
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
