import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FragmentHandle } from "../contract/fragment-names.ts";
import { FRAGMENT_ROOT_ATTRIBUTE } from "../contract/navigation-constants.ts";
import type { NavigationAnswer } from "../contract/navigation-contract.ts";
import { FragmentHost } from "../ui/fragment-host.tsx";
import {
  FragmentUnavailablePage,
  NewsroomForbiddenPage,
  NotFoundPage,
} from "../ui/status-pages.tsx";
import { syncHead } from "./head-sync.ts";
import type { NavigationData } from "./navigation-loader.ts";
import { loadFragmentModule } from "./remote-loader.ts";

type FragmentAnswer = Extract<NavigationAnswer, { outcome: "fragment" }>;

function markReady(routeId: string): void {
  document.documentElement.dataset.route = routeId;
  document.documentElement.dataset.hydrated = "true";
}

/** The server HTML of the fragment container, read before React hydrates the shell. */
function captureServerHtml(): string {
  return document.querySelector(`[${FRAGMENT_ROOT_ATTRIBUTE}]`)?.innerHTML ?? "";
}

function RemoteFragment({ data }: { data: NavigationData & { answer: FragmentAnswer } }) {
  const { answer, hydrate } = data;
  const ref = useRef<HTMLDivElement>(null);
  const [serverHtml] = useState(() => (hydrate ? captureServerHtml() : undefined));
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let handle: FragmentHandle | null = null;
    let cancelled = false;
    const mount = async () => {
      const module =
        data.module ?? (await loadFragmentModule(answer.fragment, answer.buildId, answer.routeId));
      if (cancelled) return;
      handle = hydrate
        ? module.hydrateFragment(container, answer.routeId, answer.props)
        : module.renderFragment(container, answer.routeId, answer.props);
      markReady(answer.routeId);
    };
    mount().catch((error: unknown) => {
      // The server HTML stays readable and links keep working as full page loads.
      console.warn(`shell: ${answer.fragment} could not start.`, error);
    });
    return () => {
      cancelled = true;
      const mounted = handle;
      // Unmounting a root while the shell's root is committing is not allowed; wait a tick.
      if (mounted) setTimeout(() => mounted.unmount(), 0);
    };
  }, [answer, hydrate, data.module]);
  return <FragmentHost ref={ref} fragment={answer.fragment} html={serverHtml} />;
}

function StatusView({ answer }: { answer: NavigationAnswer }) {
  useEffect(() => markReady(answer.outcome), [answer]);
  if (answer.outcome === "unavailable") return <FragmentUnavailablePage />;
  if (answer.outcome === "forbidden") return <NewsroomForbiddenPage />;
  return <NotFoundPage />;
}

/** What the shell learned about the current URL: a remote's fragment or a status page. */
export function FragmentView({ data }: { data: NavigationData }) {
  const { answer, hydrate } = data;
  useLayoutEffect(() => {
    if (!hydrate) syncHead(answer);
  }, [answer, hydrate]);
  if (answer.outcome === "fragment") return <RemoteFragment data={{ ...data, answer }} />;
  if (answer.outcome === "redirect") return null;
  return <StatusView answer={answer} />;
}
