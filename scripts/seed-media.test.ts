import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { seedPhotos } from "../edge-api/seed/seed-photos.ts";
import { putSeedPhotos } from "./seed-media.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "seed-media-"));
after(() => rmSync(work, { recursive: true, force: true }));

describe("putSeedPhotos", () => {
  it("copies each demo photograph once into the media bucket wrangler dev reads", async () => {
    const files = join(work, "files");
    const state = join(work, "state");
    const [first, second] = seedPhotos;
    if (!first || !second) throw new Error("the demo has photographs");
    // Two of the files (the build makes them all); the rest are missing and skipped.
    mkdirSync(files);
    writeFileSync(join(files, `${first.id}.jpg`), "first bytes");
    writeFileSync(join(files, `${second.id}.jpg`), "second bytes");
    assert.equal(await putSeedPhotos(repoRoot, state, files), 2);
    assert.equal(await putSeedPhotos(repoRoot, state, files), 0);

    const mf = new Miniflare(
      convertV4MiniflareOptions({
        cf: false,
        log: new Log(LogLevel.NONE),
        telemetry: { enabled: false },
        resourcePersistencePath: join(state, "v3"),
        workers: [
          {
            name: "reader",
            modules: true,
            script: "export default { fetch: () => new Response(null) };",
            r2Buckets: { MEDIA: "daily-edge-media" },
          },
        ],
      }),
    );
    try {
      const bucket = await mf.getR2Bucket("MEDIA");
      const stored = await bucket.get(`originals/${first.id}`);
      assert.equal(await stored?.text(), "first bytes");
      assert.equal(stored?.httpMetadata?.contentType, "image/jpeg");
      assert.equal((await bucket.list({ prefix: "originals/" })).objects.length, 2);
    } finally {
      await mf.dispose();
    }
  });
});
