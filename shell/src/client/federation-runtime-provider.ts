import {
  CurrentGlobal,
  ModuleFederation,
  getGlobalFederationConstructor,
  getRemoteEntry,
  setGlobalFederationInstance,
} from "@module-federation/runtime/core";
import type { ModuleFederationRuntimePlugin } from "@module-federation/runtime/types";
import bundlerRuntime from "@module-federation/webpack-bundler-runtime";
import {
  FEDERATION_BUNDLER_RUNTIME_GLOBAL,
  FEDERATION_RUNTIME_CORE_GLOBAL,
} from "../contract/federation-runtime-globals.ts";

/**
 * A Module Federation runtime plugin of the shell (`runtimePlugins` in build/build-shell.ts)
 * that lends its runtime to every remote, so a page carries the Module Federation runtime once
 * instead of once per remote entry (docs/decisions/0007-javascript-budget.md):
 *
 * - the bundler runtime (`@module-federation/webpack-bundler-runtime`: sharing, consumes,
 *   container start), through a function that gives each remote its own copy of the
 *   per-container fields, as if the remote had bundled the module itself;
 * - the runtime-core functions that a container's start needs.
 *
 * Remotes take them through `src/fragment-kit/federation-bundler-runtime.ts`. This leans on
 * the shape of `@module-federation/*` 2.9.2, which is pinned; the end-to-end tests and
 * `npm run check:js-budget` load remotes through it.
 */
export default function federationRuntimeProvider(): ModuleFederationRuntimePlugin {
  return {
    name: "edge-federation-runtime-provider",
    beforeInit(args) {
      const global = CurrentGlobal as Record<string, unknown>;
      global[FEDERATION_BUNDLER_RUNTIME_GLOBAL] ??= () => ({
        ...bundlerRuntime,
        instance: undefined,
        initOptions: undefined,
        bundlerRuntime: { ...bundlerRuntime.bundlerRuntime, S: {} },
        bundlerRuntimeOptions: {},
      });
      global[FEDERATION_RUNTIME_CORE_GLOBAL] ??= {
        CurrentGlobal,
        ModuleFederation,
        getGlobalFederationConstructor,
        getRemoteEntry,
        setGlobalFederationInstance,
      };
      return args;
    },
  };
}
