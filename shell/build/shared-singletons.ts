/**
 * Modules the shell provides once for every remote. A remote must never ship its own copy:
 * two Reacts break hooks, and a second react-dom/client costs ~200 KB.
 */
export const sharedSingletons = [
  "react",
  "react-dom",
  "react-dom/client",
  "react/jsx-runtime",
  "react-router",
] as const;

/** Strings only present in the code of those libraries; a remote bundle must contain none. */
export const singletonFingerprints: readonly { library: string; marker: string }[] = [
  { library: "react", marker: "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE" },
  { library: "react-dom", marker: "__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE" },
  { library: "react-dom/client", marker: "__REACT_DEVTOOLS_GLOBAL_HOOK__" },
  { library: "react/jsx-runtime", marker: "react.transitional.element" },
  { library: "react-router", marker: "You cannot render a <Router> inside another <Router>" },
];

/** Names every singleton library whose code appears in `source`. */
export function findBundledSingletons(source: string): string[] {
  return singletonFingerprints
    .filter(({ marker }) => source.includes(marker))
    .map(({ library }) => library);
}
