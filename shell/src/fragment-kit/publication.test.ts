import { describe, expect, it } from "vitest";
import { PublicationEnvSchema, publicationOf, readPublication } from "./publication.ts";

const env = {
  PUBLICATION_NAME: "The Daily Edge",
  PUBLIC_ORIGIN: "http://127.0.0.1:8787/",
  PUBLICATION_TIME_ZONE: "Europe/London",
};

describe("the publication's identity", () => {
  it("comes from configuration, the origin without a trailing slash", () => {
    expect(readPublication(env)).toEqual({
      name: "The Daily Edge",
      origin: "http://127.0.0.1:8787",
      timeZone: "Europe/London",
    });
    expect(publicationOf(PublicationEnvSchema.parse(env))).toEqual(readPublication(env));
  });

  it("is read once per env object", () => {
    expect(readPublication(env)).toBe(readPublication(env));
  });

  it.each([
    ["PUBLICATION_NAME", { PUBLICATION_NAME: " " }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "javascript:alert(1)" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: undefined }],
    ["PUBLICATION_TIME_ZONE", { PUBLICATION_TIME_ZONE: "Europe/Atlantis" }],
    ["PUBLICATION_TIME_ZONE", { PUBLICATION_TIME_ZONE: "" }],
  ])("refuses a bad %s", (key, change) => {
    expect(() => readPublication({ ...env, ...change } as never)).toThrow(key);
  });
});
