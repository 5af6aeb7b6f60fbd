/**
 * Puts the demo's photographs (edge-api/.generated/seed-media, made offline by the edge-api
 * build) into the local R2 bucket the API reads, under the keys the seed's media rows name
 * (`originals/<id>`). Runs on every local start: a photograph already there is left alone, so
 * only a new state directory pays for the copies. Miniflare on its own (no Worker of ours), the
 * same storage `wrangler dev` and the production stack use (`<stateDir>/v3`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { seedPhotos } from "../edge-api/seed/seed-photos.ts";

const MEDIA_BINDING = "MEDIA";

function mediaBucketName(repoRoot: string): string {
  const config = unstable_readConfig({ config: join(repoRoot, "edge-api", "wrangler.toml") });
  const buckets: readonly { binding: string; bucket_name?: string }[] = config.r2_buckets;
  const bucket = buckets.find((entry) => entry.binding === MEDIA_BINDING);
  if (!bucket?.bucket_name) throw new Error("edge-api/wrangler.toml has no MEDIA bucket");
  return bucket.bucket_name;
}

/**
 * Returns how many photographs it copied. `dir` holds the files (`<id>.jpg`); a photograph
 * whose file is missing is skipped (the edge-api build makes them).
 */
export async function putSeedPhotos(
  repoRoot: string,
  stateDir: string,
  dir = join(repoRoot, "edge-api", ".generated", "seed-media"),
): Promise<number> {
  const photos = seedPhotos.filter((photo) => existsSync(join(dir, `${photo.id}.jpg`)));
  if (photos.length === 0) return 0;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      cf: false,
      log: new Log(LogLevel.WARN),
      telemetry: { enabled: false },
      resourcePersistencePath: join(stateDir, "v3"),
      resourceTmpPath: join(stateDir, "tmp"),
      workers: [
        {
          name: "seed-media",
          modules: true,
          script: "export default { fetch: () => new Response(null, { status: 404 }) };",
          r2Buckets: { [MEDIA_BINDING]: mediaBucketName(repoRoot) },
        },
      ],
    }),
  );
  try {
    const bucket = await mf.getR2Bucket(MEDIA_BINDING);
    let copied = 0;
    for (const photo of photos) {
      const key = `originals/${photo.id}`;
      if (await bucket.head(key)) continue;
      await bucket.put(key, readFileSync(join(dir, `${photo.id}.jpg`)), {
        httpMetadata: { contentType: "image/jpeg" },
      });
      copied++;
    }
    return copied;
  } finally {
    await mf.dispose();
  }
}
