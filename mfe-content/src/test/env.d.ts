import type * as entry from "../../worker-entry.ts";
import type { ContentEnv } from "../worker/fragment-env.ts";

declare global {
  namespace Cloudflare {
    // Declaration merging needs an interface; the bindings are declared once, in ContentEnv.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Env extends ContentEnv {}
    // `exports` from "cloudflare:workers" (the Worker's own entrypoints, as bindings reach them).
    interface GlobalProps {
      mainModule: typeof entry;
    }
  }
}
