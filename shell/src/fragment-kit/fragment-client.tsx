import { startTransition, type ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import {
  identifierPrefixFor,
  type FragmentAppProps,
  type FragmentClientModule,
  type FragmentName,
} from "../contract/fragment-names.ts";

/**
 * The browser half of the fragment kit: what a remote's exposed `./fragment` module returns.
 * Each fragment is its own React root with its own identifier prefix, matching the server.
 */
export function createFragmentClient(
  name: FragmentName,
  App: ComponentType<FragmentAppProps>,
): FragmentClientModule {
  const identifierPrefix = identifierPrefixFor(name);
  return {
    hydrateFragment(container, routeId, props) {
      // Hydrating in a transition lets React yield to the browser between slices.
      let root: ReturnType<typeof hydrateRoot> | undefined;
      startTransition(() => {
        root = hydrateRoot(container, <App routeId={routeId} props={props} />, {
          identifierPrefix,
        });
      });
      return { unmount: () => root?.unmount() };
    },
    renderFragment(container, routeId, props) {
      const root = createRoot(container, { identifierPrefix });
      root.render(<App routeId={routeId} props={props} />);
      return { unmount: () => root.unmount() };
    },
  };
}
