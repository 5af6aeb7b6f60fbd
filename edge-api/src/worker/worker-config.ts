import { z } from "zod";

const d1Binding = z.custom<D1Database>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as { prepare?: unknown }).prepare === "function",
  { message: "DB must be a D1 binding" },
);

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "PUBLICATION_TIME_ZONE must be an IANA time zone");

/** The worker's bindings and variables, validated once per isolate; unknown keys are ignored. */
export const workerConfigSchema = z.object({
  DB: d1Binding,
  PUBLICATION_TIME_ZONE: timeZone.default("Europe/London"),
});

export type WorkerConfig = z.infer<typeof workerConfigSchema>;

let cached: { env: unknown; config: WorkerConfig } | undefined;

export function readWorkerConfig(env: unknown): WorkerConfig {
  if (cached && cached.env === env) return cached.config;
  const config = workerConfigSchema.parse(env);
  cached = { env, config };
  return config;
}
