import { describe, expect, it } from "vitest";
import { checkPassword, commonPasswords, MAX_PASSWORD_LENGTH } from "./password-policy.ts";

const ines = { email: "ines.okafor@example.com", displayName: "Ines Okafor" };

describe("the password policy (SECURITY 1-2)", () => {
  it("needs 15 characters, counted as code points", () => {
    expect(checkPassword("a".repeat(14))).toBe("too_short");
    expect(checkPassword("bright kettle 7!")).toBeNull();
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
    const varied = "seven purple lanterns drift over quiet harbours at dawn ";
    const longest = varied.repeat(5).slice(0, MAX_PASSWORD_LENGTH);
    expect([...longest]).toHaveLength(MAX_PASSWORD_LENGTH);
    expect(checkPassword(longest)).toBeNull();
    expect(checkPassword(`${longest}x`)).toBe("too_long");
    const started = Date.now();
    expect(checkPassword("x".repeat(5_000_000))).toBe("too_long");
    expect(Date.now() - started).toBeLessThan(50);
  });

  it("ships a list of at least 10,000 common passwords and refuses them case-insensitively", () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
    expect(commonPasswords().has("password")).toBe(true);
    expect(checkPassword("PasswordStandard")).toBe("common");
    expect(checkPassword("Q1W2E3R4T5Y6U7I8")).toBe("common");
  });

  it("refuses the site's name in any case or spacing", () => {
    expect(checkPassword("I love The Daily Edge")).toBe("site_name");
    expect(checkPassword("dailyedge-forever-and-ever")).toBe("site_name");
    expect(checkPassword("my DAILY   EDGE password")).toBe("site_name");
  });
});

describe("trivial passwords (issue 14, item 6)", () => {
  it.each([
    ["15 spaces", " ".repeat(15)],
    ["one letter 15 times", "aaaaaaaaaaaaaaa"],
    ["one letter and one other", "aaaaaaaaaaaaaab"],
    ["half one character", "zzzzzzzz kettle"],
    ["two letters in turn", "abababababababab"],
    ["a word said again and again", "horsehorsehorse"],
    ["a short phrase said again", "go team go team go team "],
  ])("refuses %s as repeated", (_label, password) => {
    expect(checkPassword(password)).toBe("repeated");
  });

  it.each([
    ["digits wrapping at 9", "123456789012345"],
    ["digits backwards", "987654321098765"],
    ["the alphabet", "abcdefghijklmno"],
    ["the alphabet backwards, any case", "ZYXWVUTSRQPONML"],
    ["the top keyboard row and on", "qwertyuiopasdfghjkl"],
    ["keyboard rows with spaces", "qwerty uiop asdf ghjk"],
    ["AZERTY", "azertyuiopqsdfghjklm"],
    ["keyboard columns", "1qaz2wsx3edc4rfv5tgb"],
    ["digits with a few extra", "123456789012 cat"],
  ])("refuses %s as sequence", (_label, password) => {
    expect(checkPassword(password)).toBe("sequence");
  });

  it("refuses the email's local part, in any case or spacing, once it has 3 characters", () => {
    expect(checkPassword("ines.okafor likes tea", ines)).toBe("contains_email");
    expect(checkPassword("my INES OKAFOR is here", ines)).toBe("contains_email");
    expect(checkPassword("INESOKAFOR likes tea", ines)).toBe("contains_email");
    expect(checkPassword("ines.okafor@example.com", ines)).toBe("contains_email");
    const short = { email: "jo@example.com", displayName: "J" };
    expect(checkPassword("jo walks the river path", short)).toBeNull();
  });

  it("refuses the display name, in any case or spacing, once it has 3 characters", () => {
    const owner = { email: "reader-7@example.com", displayName: "Harbour Cat" };
    expect(checkPassword("the harbour cat sleeps late", owner)).toBe("contains_name");
    expect(checkPassword("HARBOURCAT sleeps late again", owner)).toBe("contains_name");
    const initials = { email: "reader-7@example.com", displayName: "Al" };
    expect(checkPassword("al the harbour sleeps late", initials)).toBeNull();
  });

  it.each([
    "correct horse battery staple 🐎",
    "seven purple lanterns drift",
    "Ines keeps bees near the river", // the first name alone is not the display name
    "rusty bicycle under a lemon tree",
    "we ate 42 dumplings in Gdańsk",
    "stop reading this password now",
    "a quiet desk by the north window",
    "Tuesday's ferry left at 7:45 sharp",
    "абрикосовый сад у моря",
    "newsroom practice only",
  ])("accepts the good passphrase %j", (password) => {
    expect(checkPassword(password, ines)).toBeNull();
  });
});
