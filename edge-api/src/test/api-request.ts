import { env } from "cloudflare:workers";
import { apiApp as app } from "../worker/api-worker.ts";

/**
 * Sends a request through the whole API app, middleware and error handling included.
 * `overrides` replaces bindings for this request (e.g. ENVIRONMENT: "production").
 */
export function apiRequest(
  path: string,
  init?: RequestInit,
  overrides?: Record<string, unknown>,
): Promise<Response> {
  return Promise.resolve(app.request(path, init, overrides ? { ...env, ...overrides } : env));
}

export async function apiJson<T>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T }> {
  const response = await apiRequest(path, init);
  return { status: response.status, body: (await response.json()) as T };
}
