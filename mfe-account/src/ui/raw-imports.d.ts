// Vite's `?raw` imports, for tests that check what ships to the browser.
declare module "*?raw" {
  const source: string;
  export default source;
}
