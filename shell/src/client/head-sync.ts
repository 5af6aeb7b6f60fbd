import type { NavigationAnswer } from "../contract/navigation-contract.ts";

function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** After a client-side navigation, the head describes the new page. */
export function syncHead(answer: NavigationAnswer): void {
  if (answer.outcome === "redirect") return;
  document.title = answer.head.title;
  setMeta("description", answer.head.description);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (answer.outcome === "fragment") {
    if (canonical) canonical.href = answer.head.canonical;
    else {
      const link = document.createElement("link");
      link.rel = "canonical";
      link.href = answer.head.canonical;
      document.head.append(link);
    }
  } else canonical?.remove();
}

/** Adds a fragment's stylesheets and resolves once they apply, so nothing flashes unstyled. */
export function ensureStylesheets(hrefs: string[]): Promise<void> {
  const pending = hrefs
    .filter(
      (href) => !document.head.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`),
    )
    .map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          link.onload = () => resolve();
          link.onerror = () => resolve();
          document.head.append(link);
        }),
    );
  return Promise.all(pending).then(() => undefined);
}
