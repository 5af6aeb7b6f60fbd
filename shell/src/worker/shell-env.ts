import { z } from "zod";
import type { FragmentName } from "../contract/fragment-contract.ts";
import type { AssetsBinding } from "../fragment-kit/remote-assets.ts";
import { PublicationEnvSchema } from "../fragment-kit/publication.ts";

export interface ServiceBinding {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

export interface ShellEnv {
  ASSETS: AssetsBinding;
  CONTENT: ServiceBinding;
  ACCOUNT: ServiceBinding;
  PAPER: ServiceBinding;
  API: ServiceBinding;
  PUBLIC_ORIGIN: string;
  PUBLICATION_NAME: string;
  FRAGMENT_TIMEOUT_MS: string;
  PUBLICATION_TIME_ZONE: string;
  /** "off" turns the edge cache off (an operator's switch; the benchmark's uncached runs). */
  EDGE_CACHE?: string;
  /** How long an isolate trusts the content version and live builds (ms; default 1000). */
  EDGE_STATE_TTL_MS?: string;
  /** "development" only on a local stack: turns on the dev mail outbox at /_dev/. */
  ENVIRONMENT?: string;
}

const ConfigSchema = z.object({
  ...PublicationEnvSchema.shape,
  FRAGMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000),
  EDGE_STATE_TTL_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  EDGE_CACHE: z.enum(["on", "off"]).default("on"),
});
export type ShellConfig = z.infer<typeof ConfigSchema>;

let cached: { source: ShellEnv; config: ShellConfig } | null = null;

/** Validates the shell's variables once per isolate; a bad deployment fails loudly. */
export function readShellConfig(env: ShellEnv): ShellConfig {
  if (cached?.source === env) return cached.config;
  const config = ConfigSchema.parse(env);
  cached = { source: env, config };
  return config;
}

export function fragmentBinding(env: ShellEnv, fragment: FragmentName): ServiceBinding {
  switch (fragment) {
    case "content":
      return env.CONTENT;
    case "account":
      return env.ACCOUNT;
    case "paper":
      return env.PAPER;
  }
}
