import { describe, expect, it } from "vitest";
import { checkPassword, commonPasswords, MAX_PASSWORD_LENGTH } from "./password-policy.ts";

describe("the password policy (SECURITY 1-2)", () => {
  it("needs 15 characters, counted as code points", () => {
    expect(checkPassword("a".repeat(14))).toBe("too_short");
    expect(checkPassword("abcdefghijklmn!")).toBeNull();
    // 15 emoji are 30 UTF-16 units but 15 characters.
    expect(checkPassword("🐎🦊🐙🦉🐝🐢🦀🐬🦄🐧🦋🐌🐞🦎🐍")).toBeNull();
    expect(checkPassword("🐎🦊🐙🦉🐝🐢🦀🐬🦄🐧🦋🐌🐞🦎")).toBe("too_short");
  });

  it("accepts spaces and any script, with no composition rules", () => {
    expect(checkPassword("all lower case words here")).toBeNull();
    expect(checkPassword("   leading and trailing   ")).toBeNull();
    expect(checkPassword("пароль из нескольких слов")).toBeNull();
    expect(checkPassword("パスワードは長い文章でもよいです")).toBeNull();
  });

  it("allows up to 256 characters and refuses more as too_long", () => {
    expect(checkPassword("x".repeat(MAX_PASSWORD_LENGTH - 1) + "y")).toBeNull();
    expect(checkPassword("x".repeat(MAX_PASSWORD_LENGTH + 1))).toBe("too_long");
    const started = Date.now();
    expect(checkPassword("x".repeat(5_000_000))).toBe("too_long");
    expect(Date.now() - started).toBeLessThan(50);
  });

  it("ships a list of at least 10,000 common passwords and refuses them case-insensitively", () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
    expect(commonPasswords().has("password")).toBe(true);
    expect(checkPassword("1qaz2wsx3edc4rfv")).toBe("common");
    expect(checkPassword("PasswordPassword")).toBe("common");
    expect(checkPassword("123456789987654321")).toBe("common");
  });

  it("refuses the site's name in any case or spacing", () => {
    expect(checkPassword("I love The Daily Edge")).toBe("site_name");
    expect(checkPassword("dailyedge-forever-and-ever")).toBe("site_name");
    expect(checkPassword("my DAILY   EDGE password")).toBe("site_name");
  });
});
