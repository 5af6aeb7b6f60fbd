// Vite's `?raw` (text) and `?inline` (data URL) imports, for tests that read committed files.
declare module "*?raw" {
  const source: string;
  export default source;
}
declare module "*?inline" {
  const dataUrl: string;
  export default dataUrl;
}
