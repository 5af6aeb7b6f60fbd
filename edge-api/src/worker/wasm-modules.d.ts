// wrangler (and the vitest plugin) load `.wasm` imports as precompiled modules.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
