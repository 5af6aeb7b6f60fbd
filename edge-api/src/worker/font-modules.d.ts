// wrangler (and the vitest plugin) load `.ttf` imports as bytes: the `Data` rule in wrangler.toml.
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
