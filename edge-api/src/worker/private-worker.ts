import { errorBody } from "./api-errors.ts";
import { requestIdOf } from "./request-context.ts";

/**
 * edge-api is private (issue 14, docs/decisions/0017-private-workers.md): the shell and the
 * fragments reach it through service bindings to its `Internal` entrypoint (api-worker.ts).
 * Its default export answers every request with this 404, so a `workers.dev` or preview
 * address (or a route added by mistake) never reaches a route, and a caller cannot pick its
 * own `CF-Connecting-IP` to dodge the per-address limits.
 */
export function notThroughBindings(request: Request): Response {
  const body = errorBody(
    "not_found",
    "The API is reached only through the site's service bindings.",
    requestIdOf(request),
  );
  return Response.json(body, { status: 404, headers: { "cache-control": "no-store" } });
}
