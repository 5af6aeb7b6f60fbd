/**
 * The Worker's entry (wrangler `main`): only what the runtime should see. `Internal` is the
 * entrypoint the service bindings name; the default export answers 404 and consumes the email
 * queues (decision 0017). api-worker.ts also exports the app and its route lists for tests,
 * which the runtime would otherwise take for more named entrypoints.
 */
export { Internal, default } from "./api-worker.ts";
