// Bindings as the tests see them (vitest.config.ts). Kept out of worker code.
declare global {
  namespace Cloudflare {
    interface Env {
      CSRF_SECRET: string;
    }
  }
}

export {};
