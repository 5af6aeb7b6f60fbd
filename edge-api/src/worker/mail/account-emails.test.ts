import { describe, expect, it } from "vitest";
import { signUpAttemptMessage, verifyEmailMessage } from "./account-emails.ts";

const site = { name: "The Harbour Herald", origin: "https://herald.example" };

describe("account emails", () => {
  it("are signed with the configured publication, never a written-in name", () => {
    const message = verifyEmailMessage(site, "ada@example.com", "Ada", "https://herald.example/x");
    expect(message.text).toContain("your account with The Harbour Herald");
    expect(message.text.trimEnd().endsWith("— The Harbour Herald")).toBe(true);
    expect(message.html).toContain("<p>— The Harbour Herald</p>");
    expect(`${message.text}${message.html}`).not.toContain("Daily Edge");
  });

  it("link the reset form at the shell's address on the public origin", () => {
    const message = signUpAttemptMessage(site, "ada@example.com", "Ada");
    expect(message.text).toContain("https://herald.example/forgot-password");
  });

  it("escape a publication name in HTML", () => {
    const message = signUpAttemptMessage({ ...site, name: "<b>Herald</b>" }, "a@b.c", "A");
    expect(message.html).not.toContain("<b>Herald</b>");
    expect(message.html).toContain("&lt;b&gt;Herald&lt;/b&gt;");
  });
});
