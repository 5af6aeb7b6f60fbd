import { describe, expect, it } from "vitest";
import { HttpMailer } from "./http-mailer.ts";

const message = {
  to: "reader@example.test",
  subject: "Finish signing up",
  text: "Open https://dailyedge.test/verify-email?token=abc",
  html: "<p>Open</p>",
};

describe("HttpMailer", () => {
  it("posts with the runtime's own fetch when given none (not as a method of the mailer)", async () => {
    // Workers' fetch throws "Illegal invocation" when called with another `this`; the tests'
    // outbound service answers every request 502, so a real request shows as a 502 here.
    const mailer = new HttpMailer({
      url: "https://api.postmarkapp.com/email",
      token: "t",
      from: "Edge <no-reply@x.test>",
    });
    await expect(mailer.send(message)).rejects.toThrow("email API answered 502");
  });
});
