import { describe, expect, it } from "vitest";
import {
  addresseeName,
  finishSignUpMessage,
  passwordResetMessage,
  signUpAttemptMessage,
  verifyEmailMessage,
} from "./account-emails.ts";

const site = { name: "The Harbour Herald", origin: "https://herald.example" };
const LURE = "act now at https://evil.example/fix";

describe("account emails", () => {
  it("are signed with the configured publication, never a written-in name", () => {
    const message = verifyEmailMessage(site, "ada@example.com", "https://herald.example/x");
    expect(message.text).toContain("your account with The Harbour Herald");
    expect(message.text.trimEnd().endsWith("— The Harbour Herald")).toBe(true);
    expect(message.html).toContain("<p>— The Harbour Herald</p>");
    expect(`${message.text}${message.html}`).not.toContain("Daily Edge");
  });

  it("link the log-in and reset forms at the shell's addresses on the public origin", () => {
    const message = signUpAttemptMessage(site, "ada@example.com", "Ada");
    expect(message.text).toContain("https://herald.example/login");
    expect(message.text).toContain("https://herald.example/forgot-password");
  });

  it("escape a publication name in HTML", () => {
    const message = signUpAttemptMessage({ ...site, name: "<b>Herald</b>" }, "a@b.c", "A");
    expect(message.html).not.toContain("<b>Herald</b>");
    expect(message.html).toContain("&lt;b&gt;Herald&lt;/b&gt;");
  });
});

describe("requester text in emails (issue 14, item 4)", () => {
  it("gives an unproved address no name at all", () => {
    expect(addresseeName({ displayName: LURE, emailVerified: false })).toBeNull();
    expect(addresseeName({ displayName: "Ada", emailVerified: true })).toBe("Ada");
    const finish = finishSignUpMessage(site, "new@example.com", "https://herald.example/v?t=1");
    const reset = passwordResetMessage(site, "old@example.com", null, "https://herald.example/r");
    for (const message of [finish, reset]) {
      expect(message.text.startsWith("Hello,\n")).toBe(true);
      expect(`${message.subject}${message.text}${message.html}`).not.toMatch(/evil|act now/);
    }
  });

  it("renders a verified holder's name as escaped text, never as a link", () => {
    const message = signUpAttemptMessage(site, "ada@example.com", `<a href="x">${LURE}</a>`);
    expect(message.html).toContain("Hello &lt;a href=&quot;x&quot;&gt;act now at");
    const hrefs = [...message.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([
      "https://herald.example/login",
      "https://herald.example/forgot-password",
    ]);
  });
});
