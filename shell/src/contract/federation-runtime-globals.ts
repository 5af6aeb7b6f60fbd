/**
 * Where the shell lends its Module Federation runtime to remotes: set by
 * `src/client/federation-runtime-provider.ts`, read by `src/fragment-kit/federation-bundler-runtime.ts`
 * (docs/decisions/0007-javascript-budget.md).
 */

/** The few runtime-core functions a remote's container start needs. */
export const FEDERATION_RUNTIME_CORE_GLOBAL = "__edgeFederationRuntimeCore";

/** A function returning a fresh bundler runtime object for one remote container. */
export const FEDERATION_BUNDLER_RUNTIME_GLOBAL = "__edgeFederationBundlerRuntime";
