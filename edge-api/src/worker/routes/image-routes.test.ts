import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { ImageRow } from "../../db/schema.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { apiJson, apiRequest } from "../../test/api-request.ts";
import { createImage } from "../../test/factories.ts";

const db = createDatabase(env.DB);
let lead: ImageRow;
let portrait: ImageRow;

beforeAll(async () => {
  lead = await createImage(db, { alt: '<script>alert(1)</script>" onload="x', seed: 99 });
  portrait = await createImage(db, { kind: "portrait", width: 400, height: 400 });
});

describe("GET /images/:id.svg", () => {
  it("serves an immutable, locked-down SVG", async () => {
    const response = await apiRequest(`/images/${lead.id}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="675"/);
    expect(svg).not.toMatch(/<script|\son\w+="|javascript:|<foreignObject|href=/i);
    expect(svg).toContain("&lt;script&gt;");
  });

  it("draws the same picture every time, and a portrait differently", async () => {
    const first = await (await apiRequest(`/images/${lead.id}.svg`)).text();
    const second = await (await apiRequest(`/images/${lead.id}.svg`)).text();
    expect(first).toBe(second);
    const head = await (await apiRequest(`/images/${portrait.id}.svg`)).text();
    expect(head).toContain("<ellipse");
  });

  it.each(["999999.svg", "0.svg", "1.png", "abc.svg", "..%2F1.svg", `${"9".repeat(40)}.svg`])(
    "answers 404 for %s",
    async (file) => {
      const response = await apiJson<ApiErrorBody>(`/images/${file}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    },
  );

  it("does not cache a 404", async () => {
    const response = await apiRequest("/images/999999.svg");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
