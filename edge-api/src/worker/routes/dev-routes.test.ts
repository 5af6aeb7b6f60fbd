import { describe, expect, it } from "vitest";
import { call, newEmail, PUBLIC_ORIGIN, signUp } from "../../test/account-helpers.ts";

describe("the development outbox", () => {
  it("lists messages newest first as HTML, with clickable links and escaped names", async () => {
    const email = newEmail();
    await signUp(email, undefined, "<img src=x onerror=alert(1)>");
    await call("POST", "/api/auth/forgot-password", { email });
    const list = await call("GET", "/_dev/outbox");
    expect(list.status).toBe(200);
    expect(list.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(list.response.headers.get("cache-control")).toBe("no-store");
    expect(list.text.indexOf("Reset your password")).toBeLessThan(
      list.text.indexOf("Finish signing up"),
    );

    const json = await call("GET", `/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`);
    const messages = (json.body as { messages: { id: number; subject: string }[] }).messages;
    expect(messages.map((message) => message.subject)).toEqual([
      "Reset your password",
      "Finish signing up",
    ]);
    const finish = await call("GET", `/_dev/outbox/${messages[1]?.id}`);
    expect(finish.text).toMatch(
      new RegExp(`<a href="${PUBLIC_ORIGIN}/verify-email\\?token=[A-Za-z0-9_-]+">`),
    );
    // The verified holder's reset email names them, escaped.
    const page = await call("GET", `/_dev/outbox/${messages[0]?.id}`);
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect((await call("GET", "/_dev/outbox/999999")).status).toBe(404);
  });

  it("is not there in production", async () => {
    const production = { overrides: { ENVIRONMENT: "production" } };
    expect((await call("GET", "/_dev/outbox", undefined, production)).status).toBe(404);
    expect((await call("GET", "/_dev/outbox/1", undefined, production)).status).toBe(404);
    expect((await call("GET", "/api/dev/outbox", undefined, production)).status).toBe(404);
  });
});
