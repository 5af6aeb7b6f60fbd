// edge-api's Worker imports precompiled `.wasm` modules (argon2). Its route types reach this
// package through `edge-api/client`, so tsc needs to know what such an import is. Remove once
// edge-api's own declaration travels with its sources.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
