import { useEffect, useState, type ComponentType } from "react";
import { BrowserRouter, useLocation, useNavigate, useNavigationType } from "react-router";
import type { BootData } from "../contract/navigation-contract.ts";
import type { ShellLayoutProps } from "../ui/shell-layout.tsx";
import { FragmentView } from "./fragment-view.tsx";
import { interceptLinkClicks } from "./link-interception.ts";
import { loadNavigation, type NavigationData } from "./navigation-loader.ts";

interface View {
  /** The location key the view belongs to; a new key mounts a new fragment root. */
  key: string;
  /** Pathname and search the answer is for; a change of hash alone loads nothing. */
  path: string;
  data: NavigationData;
  scrollToTop: boolean;
}

/**
 * react-router (declarative mode) owns the URL; the shell loads each location's answer and
 * remote itself and keeps showing the previous page until the next one is ready. The data
 * router (`createBrowserRouter`) did the same with loaders but costs about 16 KB gzip more
 * (docs/decisions/0007-javascript-budget.md).
 */
/**
 * The chrome around the page: the readers' masthead, or the newsroom's own (loaded only on
 * newsroom pages). A page never changes chrome: crossing loads a document (navigation-loader).
 */
export type Layout = ComponentType<ShellLayoutProps>;

function ShellRoot({ boot, Layout }: { boot: BootData; Layout: Layout }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const path = `${location.pathname}${location.search}`;
  const [view, setView] = useState<View>(() => ({
    key: location.key,
    path,
    data: { answer: boot.initial, hydrate: true, module: null },
    scrollToTop: false,
  }));
  // The breaking-news banner: the page's, then each navigation answer's (decision 0020).
  const [banner, setBanner] = useState(boot.banner);
  // Busy while the URL names another page than the one shown (its answer is loading).
  const busy = path !== view.path;

  useEffect(() => interceptLinkClicks((to) => void navigate(to)), [navigate]);

  useEffect(() => {
    if (path === view.path) return;
    const controller = new AbortController();
    loadNavigation(path, controller.signal, view.path)
      .then((outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.kind === "document") return window.location.replace(outcome.location);
        if (outcome.kind === "redirect") return void navigate(outcome.location, { replace: true });
        const { answer } = outcome.data;
        if (answer.outcome === "fragment" && answer.banner !== undefined) setBanner(answer.banner);
        setView({
          key: location.key,
          path,
          data: outcome.data,
          scrollToTop: navigationType === "PUSH" && !location.hash,
        });
      })
      .catch(() => {
        // Aborted: a newer navigation is already loading.
      });
    return () => controller.abort();
  }, [path, view.path, location, navigationType, navigate]);

  useEffect(() => {
    if (view.scrollToTop) window.scrollTo(0, 0);
  }, [view]);

  return (
    <Layout
      publicationName={boot.publicationName}
      sections={boot.sections}
      banner={banner}
      viewer={boot.viewer}
      dateLine={boot.dateLine}
      pathname={location.pathname}
      busy={busy}
    >
      <FragmentView key={view.key} data={view.data} />
    </Layout>
  );
}

/** The browser's shell: hydrates the server's layout and answer, then navigates client-side. */
export function ShellApp({ boot, Layout }: { boot: BootData; Layout: Layout }) {
  return (
    <BrowserRouter>
      <ShellRoot boot={boot} Layout={Layout} />
    </BrowserRouter>
  );
}
