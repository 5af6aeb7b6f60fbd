/**
 * The scripts' program compiles edge-api's import pipeline (`npm run import`), which names the
 * Workers runtime's global `D1Database`; in Node the CLI gets one from wrangler's
 * `getPlatformProxy`. The type comes from the Workers types' module entry, so none of their
 * other globals (a different `fetch`, `Request`…) enter the scripts' program.
 */
import type {
  D1Database as WorkersD1Database,
  ImageInfoResponse,
  ImageInputOptions,
  ImageOutputOptions,
  ImageTransform,
  R2Bucket as WorkersR2Bucket,
} from "@cloudflare/workers-types/index.ts";

/** The calls edge-api's media checks make of an Images result, with Node's (the DOM's) streams. */
interface NodeImageTransformer {
  transform(transform: ImageTransform): NodeImageTransformer;
  output(options: ImageOutputOptions): Promise<{ image(): ReadableStream<Uint8Array> }>;
}

declare global {
  type D1Database = WorkersD1Database;
  // The import's photographs (edge-api/src/import/import-images.ts) go through the media
  // library's bucket and Images binding, which the proxy gives too. The binding is named by
  // the calls the library makes: its Workers type would bring the Workers' own streams.
  type R2Bucket = WorkersR2Bucket;
  interface ImagesBinding {
    info(
      stream: ReadableStream<Uint8Array>,
      options?: ImageInputOptions,
    ): Promise<ImageInfoResponse>;
    input(stream: ReadableStream<Uint8Array>, options?: ImageInputOptions): NodeImageTransformer;
  }
}
