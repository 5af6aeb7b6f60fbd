import { base64url } from "jose";
import { describe, expect, it } from "vitest";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./secret-tokens.ts";

describe("secret tokens", () => {
  it("are 32 random bytes as unpadded base64url", () => {
    const token = newSecretToken();
    expect(token).toMatch(SECRET_TOKEN_PATTERN);
    expect(base64url.decode(token)).toHaveLength(32);
    expect(newSecretToken()).not.toBe(token);
  });

  it("are stored as the hex SHA-256 of the token", async () => {
    expect(await hashSecretToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
