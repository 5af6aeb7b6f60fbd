import { WorkerEntrypoint } from "cloudflare:workers";

/**
 * Internal Workers are private (issue 14, docs/decisions/0017-private-workers.md): the shell
 * reaches a fragment through a service binding to its named entrypoint `Internal`, and only
 * that entrypoint runs the fragment's handler. The default export, which a `workers.dev` or
 * preview address (or a route someone adds by mistake) would reach, answers 404 to everything,
 * so a render request with a forged `client`, `viewer` or `accessToken` never renders.
 *
 * Its own module (not `fragment-server.tsx`) because `cloudflare:workers` exists only in the
 * Workers runtime: the fragments' server builds import the kit's render code, not this.
 */

/** A Worker's trusted handler: what its `Internal` entrypoint runs for the shell. */
export interface TrustedHandler<Env> {
  fetch(request: Request, env: Env, ctx?: ExecutionContext): Promise<Response>;
}

/** The answer of a private Worker's public address (every path, every method). */
export function notThroughBindings(): Response {
  return Response.json(
    {
      error: {
        code: "not_found",
        message: "This Worker is reached only through the site's service bindings.",
      },
    },
    { status: 404, headers: { "cache-control": "no-store" } },
  );
}

/** The default export of a private Worker: nothing answers from outside. */
export const bindingsOnly: ExportedHandler = {
  fetch: () => notThroughBindings(),
};

/**
 * The named entrypoint class that service bindings name (`entrypoint = "Internal"`): it runs
 * `handler` with the Worker's own env and context.
 */
export function internalEntrypoint<Env>(handler: TrustedHandler<Env>) {
  return class Internal extends WorkerEntrypoint<Env> {
    override fetch(request: Request): Promise<Response> {
      return handler.fetch(request, this.env, this.ctx);
    }
  };
}
