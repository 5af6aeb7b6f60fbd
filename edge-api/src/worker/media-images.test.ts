import { describe, expect, it } from "vitest";
import type { ApiError } from "./api-errors.ts";
import { readLimitedBody } from "./media-images.ts";

const MEGABYTE = 1024 * 1024;

/** `count` chunks of one megabyte, and whether the reader stopped pulling. */
function megabytes(count: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === count) return controller.close();
        state.pulled++;
        controller.enqueue(new Uint8Array(MEGABYTE));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    // No read ahead: a chunk is pulled only when the reader asks for one.
    { highWaterMark: 0 },
  );
  return { stream, state };
}

async function refusal(reading: Promise<Uint8Array>): Promise<ApiError> {
  try {
    await reading;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("the body was read, not refused");
}

describe("readLimitedBody: the upload's bytes, counted while they stream", () => {
  it("reads a body within the limit whole", async () => {
    const { stream } = megabytes(3);
    expect((await readLimitedBody(stream, String(3 * MEGABYTE))).byteLength).toBe(3 * MEGABYTE);
  });

  it("refuses a declared Content-Length over the limit without reading a byte", async () => {
    const { stream, state } = megabytes(30);
    const refused = await refusal(readLimitedBody(stream, String(21 * MEGABYTE)));
    expect(refused).toMatchObject({ code: "payload_too_large", status: 413 });
    expect(refused.message).toMatch(/21\.0 MB, over the 20 MB/);
    expect(state.pulled).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it("stops as soon as the bytes pass the limit, whatever Content-Length said", async () => {
    const { stream, state } = megabytes(40);
    const refused = await refusal(readLimitedBody(stream, "100"));
    expect(refused).toMatchObject({ code: "payload_too_large" });
    expect(refused.message).toMatch(/larger than the 20 MB/);
    // 21 chunks read (the 21st passes 20 MB), then the stream is cancelled.
    expect(state.pulled).toBe(21);
    expect(state.cancelled).toBe(true);
  });

  it("counts a body without Content-Length too", async () => {
    const { stream } = megabytes(21);
    await expect(readLimitedBody(stream, undefined)).rejects.toMatchObject({ status: 413 });
  });
});
