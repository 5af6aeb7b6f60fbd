import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailSuppressions } from "../../db/mail-schema.ts";
import {
  call,
  db,
  errorCode,
  newEmail,
  outboxFor,
  insertAccount,
} from "../../test/account-helpers.ts";
import type { InlineEmailQueue } from "../../test/inline-email-queue.ts";

const SECRET = "webhook-secret-for-tests-only-0123456789";
const withSecret = { MAIL_WEBHOOK_SECRET: SECRET };

function postEvent(body: unknown, authorization = `Bearer ${SECRET}`, overrides = withSecret) {
  return call("POST", "/api/mail/events", typeof body === "string" ? body : JSON.stringify(body), {
    headers: { authorization },
    overrides,
  });
}

const suppressionOf = async (address: string) =>
  (await db.select().from(emailSuppressions).where(eq(emailSuppressions.address, address)))[0];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the mail provider's webhook: POST /api/mail/events", () => {
  it("suppresses an address on Postmark's hard bounce, and nothing is sent to it afterwards", async () => {
    const email = newEmail();
    await insertAccount(email);
    const answer = await postEvent({
      RecordType: "Bounce",
      Type: "HardBounce",
      Email: ` ${email.toUpperCase()}`,
      Inactive: true,
      Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ suppressed: true });
    expect(answer.response.headers.get("cache-control")).toBe("no-store");
    expect(await suppressionOf(email)).toMatchObject({ reason: "bounce", detail: "HardBounce" });

    // A password reset requested afterwards is queued and then skipped by the consumer.
    const queue = env.EMAIL_QUEUE as unknown as InlineEmailQueue;
    const queued = queue.sent.length;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await call("POST", "/api/auth/forgot-password", { email })).status).toBe(202);
    expect(queue.sent.length).toBe(queued + 1);
    expect(await outboxFor(email)).toEqual([]);
  });

  it("suppresses on a complaint, in Postmark's shape and in the site's own", async () => {
    const postmark = newEmail();
    expect((await postEvent({ RecordType: "SpamComplaint", Email: postmark })).status).toBe(200);
    expect(await suppressionOf(postmark)).toMatchObject({
      reason: "complaint",
      detail: "SpamComplaint",
    });
    const neutral = newEmail();
    const answer = await postEvent({ type: "complaint", email: neutral, detail: "abuse report" });
    expect(answer.body).toEqual({ suppressed: true });
    expect(await suppressionOf(neutral)).toMatchObject({
      reason: "complaint",
      detail: "abuse report",
    });
    const bounced = newEmail();
    expect((await postEvent({ type: "bounce", email: bounced })).status).toBe(200);
    expect(await suppressionOf(bounced)).toMatchObject({ reason: "bounce", detail: "bounce" });
  });

  it("keeps the first reason when an address is reported twice", async () => {
    const email = newEmail();
    await postEvent({ type: "bounce", email });
    expect((await postEvent({ type: "complaint", email })).status).toBe(200);
    expect(await suppressionOf(email)).toMatchObject({ reason: "bounce" });
  });

  it("accepts a soft bounce without suppressing the address", async () => {
    const email = newEmail();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const answer = await postEvent({
      RecordType: "Bounce",
      Type: "Transient",
      Email: email,
      Inactive: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ suppressed: false });
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it("answers 401 to a wrong, missing or differently shaped secret, and writes nothing", async () => {
    const email = newEmail();
    const event = { type: "bounce", email };
    for (const authorization of [
      "Bearer wrong",
      `Bearer ${SECRET}x`,
      `Bearer ${SECRET.slice(0, -1)}`,
      SECRET,
      `Basic ${btoa(`postmark:${SECRET}`)}`,
      "",
    ]) {
      const answer = await postEvent(event, authorization);
      expect(answer.status, authorization).toBe(401);
      expect(errorCode(answer.body)).toBe("unauthorized");
    }
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it("answers 401 to everyone, with a log line, while MAIL_WEBHOOK_SECRET is not set", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const email = newEmail();
    const answer = await postEvent({ type: "bounce", email }, "Bearer ", {
      MAIL_WEBHOOK_SECRET: "",
    });
    expect(answer.status).toBe(401);
    expect(String(error.mock.calls[0]?.[0])).toContain('"event":"mail_webhook_secret_missing"');
    expect(await suppressionOf(email)).toBeUndefined();
  });

  it("answers 400 to a body that is not a JSON event", async () => {
    for (const body of [
      "not json",
      "[]",
      "null",
      JSON.stringify({ type: "bounce" }),
      JSON.stringify({ type: "bounce", email: "no-at-sign" }),
      JSON.stringify({ RecordType: "Bounce", Type: "HardBounce" }),
      JSON.stringify({ email: "a@b.example" }),
    ]) {
      const answer = await postEvent(body);
      expect(answer.status, body).toBe(400);
      expect(errorCode(answer.body)).toBe("invalid_request");
    }
  });

  it("answers 422 to an event type other than a bounce or a complaint", async () => {
    for (const event of [
      { type: "delivery", email: newEmail() },
      { RecordType: "Open", Email: newEmail() },
      { RecordType: "Delivery", Email: newEmail() },
    ]) {
      const answer = await postEvent(event);
      expect(answer.status, JSON.stringify(event)).toBe(422);
      expect(errorCode(answer.body)).toBe("unsupported_event");
    }
  });
});
