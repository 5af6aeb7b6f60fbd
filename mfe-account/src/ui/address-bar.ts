/**
 * An emailed link carries its token in the query. Once the page has it in a hidden field, the
 * token is dropped from the address bar (and so from history, bookmarks and shared screens).
 * The history entry's state is kept, so the shell's router does not lose its place.
 */
export interface AddressBar {
  location: { pathname: string; search: string; hash: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
}

export function dropTokenFromAddressBar({ location, history }: AddressBar): void {
  const params = new URLSearchParams(location.search);
  if (!params.has("token")) return;
  params.delete("token");
  const rest = params.toString();
  history.replaceState(
    history.state,
    "",
    `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`,
  );
}

/** The same for the page the browser shows; does nothing where there is no browser. */
export function dropTokenFromCurrentAddress(): void {
  // Typed loosely: these modules also compile for the Worker, which has no DOM.
  const { location, history } = globalThis as Partial<AddressBar>;
  if (location && history) dropTokenFromAddressBar({ location, history });
}
