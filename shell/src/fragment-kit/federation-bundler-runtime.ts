import type * as FederationRuntime from "@module-federation/runtime";
import type { Federation } from "@module-federation/webpack-bundler-runtime";
import { initContainerEntry } from "@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js";
import {
  FEDERATION_BUNDLER_RUNTIME_GLOBAL,
  FEDERATION_RUNTIME_CORE_GLOBAL,
} from "../contract/federation-runtime-globals.ts";

/**
 * What a remote's build uses in place of `@module-federation/webpack-bundler-runtime`
 * (`shell/build/build-remote.ts` aliases it here): the shell's bundler runtime and runtime core,
 * lent by `src/client/federation-runtime-provider.ts`, plus what only a container needs and the
 * shell's build leaves out: `initContainerEntry`, and a runtime `init` that finds or creates
 * this container's own instance (docs/decisions/0007-javascript-budget.md).
 */

type Options = Parameters<typeof FederationRuntime.init>[0];
type Instance = ReturnType<typeof FederationRuntime.init>;
interface LentCore {
  CurrentGlobal: { __FEDERATION__: { __INSTANCES__: Instance[] } };
  ModuleFederation: new (options: Options) => Instance;
  getGlobalFederationConstructor: () => (new (options: Options) => Instance) | undefined;
  setGlobalFederationInstance: (instance: Instance) => void;
  getRemoteEntry: typeof FederationRuntime.getRemoteEntry;
}

/** Defined by the Module Federation plugin in every build: `<container>:<version>`. */
declare const FEDERATION_BUILD_IDENTIFIER: string | undefined;

const lent = (globalThis as Record<string, unknown>)[FEDERATION_BUNDLER_RUNTIME_GLOBAL];
const core = (globalThis as Record<string, unknown>)[FEDERATION_RUNTIME_CORE_GLOBAL] as
  LentCore | undefined;
if (typeof lent !== "function" || !core) {
  throw new Error("The shell's Module Federation runtime is missing: load remotes from the shell");
}

/** `init` of `@module-federation/runtime` 2.9.2, keyed by this remote's build identifier. */
function init(options: Options): Instance {
  const buildId =
    typeof FEDERATION_BUILD_IDENTIFIER !== "undefined" ? FEDERATION_BUILD_IDENTIFIER : "";
  const existing = core?.CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    ({ options: known }) =>
      (buildId && known.id === buildId) ||
      (known.name === options.name && !known.version && !options.version) ||
      (known.name === options.name && options.version && known.version === options.version),
  );
  const normalized = { ...options, id: options.id || "" };
  if (existing) {
    existing.initOptions(normalized);
    return existing;
  }
  const Constructor = core!.getGlobalFederationConstructor() ?? core!.ModuleFederation;
  // The original spreads `normalized` over a computed id, so `normalized.id` always wins.
  const created = new Constructor(normalized);
  core!.setGlobalFederationInstance(created);
  return created;
}

const shellRuntime = (lent as () => Federation)();
const federation: Federation = {
  ...shellRuntime,
  // Only `init` (container start) and `getRemoteEntry` (shared fallbacks) are read from here.
  runtime: { init, getRemoteEntry: core.getRemoteEntry } as unknown as Federation["runtime"],
  bundlerRuntime: shellRuntime.bundlerRuntime && {
    ...shellRuntime.bundlerRuntime,
    initContainerEntry,
  },
};
export default federation;
