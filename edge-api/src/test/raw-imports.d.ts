// Vite's `?raw` imports (a file's text), which the vitest plugin resolves: tests read
// wrangler.toml this way to check code and configuration agree.
declare module "*?raw" {
  const text: string;
  export default text;
}
