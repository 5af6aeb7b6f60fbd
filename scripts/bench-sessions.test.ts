import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cookieHeader, linkToken, secondsLeft, startMailbox } from "./bench-sessions.ts";

function jwtWith(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "ES256" })}.${part(payload)}.signature`;
}

describe("cookieHeader", () => {
  it("sends the session as the shell's cookies", () => {
    assert.equal(
      cookieHeader({ accessToken: "a.b.c", refreshToken: "r1" }),
      "__Host-access=a.b.c; __Host-refresh=r1",
    );
  });
});

describe("secondsLeft", () => {
  it("reads the access token's expiry", () => {
    const token = jwtWith({ sub: "u", exp: 1_000_900 });
    assert.equal(secondsLeft(token, 1_000_000_000), 900);
    assert.equal(secondsLeft(token, 1_001_000_000), -100);
  });

  it("refuses a token that is not a JWT with an expiry", () => {
    assert.throws(() => secondsLeft("opaque", 0), /not a JWT/);
    assert.throws(() => secondsLeft(jwtWith({ sub: "u" }), 0), /no exp/);
  });
});

describe("linkToken", () => {
  it("finds the token of the emailed link", () => {
    const text = "Finish signing up:\nhttp://127.0.0.1:8790/verify-email?token=Ab_9-x\n\nThanks";
    assert.equal(linkToken(text), "Ab_9-x");
    assert.equal(linkToken("no link here"), undefined);
  });
});

describe("startMailbox", () => {
  it("keeps what is posted with its token, as Postmark's API takes it, and refuses the rest", async () => {
    const mailbox = await startMailbox();
    try {
      const post = (token: string, body: object) =>
        fetch(mailbox.url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-postmark-server-token": token },
          body: JSON.stringify(body),
        });
      const mail = { To: "a@example.test", Subject: "Finish signing up", TextBody: "?token=t1" };
      assert.equal((await post("wrong", mail)).status, 401);
      assert.equal((await post(mailbox.token, mail)).status, 200);
      const received = await mailbox.next("a@example.test", /^Finish/, 1_000);
      assert.deepEqual(received, {
        to: "a@example.test",
        subject: "Finish signing up",
        text: "?token=t1",
      });
      await assert.rejects(mailbox.next("a@example.test", /^Finish/, 300), /no email/);
    } finally {
      await mailbox.close();
    }
  });
});
