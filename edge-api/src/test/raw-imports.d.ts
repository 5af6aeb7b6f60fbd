// Vite's `?raw` imports (a file's text), which the vitest plugin resolves: tests read
// wrangler.toml this way to check code and configuration agree.
declare module "*?raw" {
  const text: string;
  export default text;
}

// Vite's `?inline` imports (a file as a data URL): the media tests' image fixtures.
declare module "*?inline" {
  const dataUrl: string;
  export default dataUrl;
}
