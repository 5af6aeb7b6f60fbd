import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp, STRONG_PASSWORD } from "../test/account-helpers.ts";
import { signInAs } from "../test/staff-helpers.ts";
import { hashPassword, TEST_PASSWORD_HASH_COST } from "../worker/auth/password-hashing.ts";
import { openTotpSecret, sealTotpSecret } from "../worker/auth/second-factor-secrets.ts";
import { newTotpSecret } from "../worker/auth/totp.ts";
import {
  accountRoleQuery,
  devStaffQuery,
  devStaffStatements,
  grantAdminStatements,
  sealedSecretQuery,
  sqlText,
} from "./newsroom-admin-sql.ts";

const NOW = new Date("2026-11-24T10:00:00Z");

/** As `wrangler d1 execute --command` runs them: one after another. */
async function execute(statements: string[]): Promise<void> {
  for (const statement of statements) await env.DB.prepare(statement).run();
}

const roleOf = async (email: string) =>
  (await env.DB.prepare(accountRoleQuery(email)).first<{ role: string }>())?.role;

const auditOf = (email: string) =>
  env.DB.prepare("SELECT actor_id, action, detail FROM audit_log WHERE subject = ? ORDER BY id")
    .bind(email)
    .all<{ actor_id: string | null; action: string; detail: string }>()
    .then((result) => result.results);

describe("npm run newsroom:admin's SQL", () => {
  it("makes a reader an admin, once, with an audit entry", async () => {
    const reader = await signUp();
    expect(await roleOf(reader.email)).toBe("reader");
    await execute(grantAdminStatements(reader.email, NOW));
    expect(await roleOf(reader.email)).toBe("admin");
    await execute(grantAdminStatements(reader.email, new Date(NOW.getTime() + 60_000)));
    expect(await roleOf(reader.email)).toBe("admin");
    const entries = await auditOf(reader.email);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBeNull();
    expect(JSON.parse(entries[0]?.detail ?? "{}")).toEqual({
      role: ["reader", "admin"],
      via: "npm run newsroom:admin",
    });
  });

  it("promotes an editor and ends their newsroom sessions, as any role change does", async () => {
    const editor = await signInAs("editor");
    const before = await call("GET", "/api/newsroom/second-factor", undefined, {
      token: editor.tokens.accessToken,
    });
    expect(before.body).toMatchObject({ role: "editor", verified: true });
    await execute(grantAdminStatements(editor.email, new Date()));
    const after = await call("GET", "/api/newsroom/second-factor", undefined, {
      token: editor.tokens.accessToken,
    });
    expect(after.body).toMatchObject({ role: "admin", verified: false });
    expect(JSON.parse((await auditOf(editor.email))[0]?.detail ?? "{}")).toMatchObject({
      role: ["editor", "admin"],
    });
  });

  it("changes nothing for an address without an account, and quotes what it is given", async () => {
    const count = () =>
      env.DB.prepare("SELECT count(*) AS n FROM staff_members").first<{ n: number }>();
    const staffBefore = await count();
    const odd = "o'brien'); DELETE FROM users; --@example.com";
    await execute(grantAdminStatements(odd, NOW));
    expect(await count()).toEqual(staffBefore);
    expect(await env.DB.prepare(accountRoleQuery(odd)).first()).toBeNull();
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>())?.n,
    ).toBeGreaterThan(0);
    expect(sqlText("it's")).toBe("'it''s'");
    expect(() => sqlText("a\u0000b")).toThrow();
  });
});

describe("the development staff's SQL", () => {
  it("inserts a staff member with a confirmed second factor who can sign in", async () => {
    const id = crypto.randomUUID();
    const email = `dev-editor-${id}@dailyedge.test`;
    const secret = newTotpSecret();
    const sealedSecret = await sealTotpSecret(env.SECOND_FACTOR_KEY, id, secret);
    const passwordHash = await hashPassword(STRONG_PASSWORD, TEST_PASSWORD_HASH_COST);
    const row = {
      id,
      email,
      displayName: "Dev Editor",
      role: "editor" as const,
      passwordHash,
      sealedSecret,
    };
    await execute(devStaffStatements(row, NOW));
    const login = await call("POST", "/api/auth/login", { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ account: { emailVerified: true } });
    const [standing] = (
      await env.DB.prepare(devStaffQuery([email])).all<{ role: string; sealedSecret: string }>()
    ).results;
    expect(standing?.role).toBe("editor");
    expect(await openTotpSecret(env.SECOND_FACTOR_KEY, id, standing?.sealedSecret ?? "")).toBe(
      secret,
    );
    const sealed = await env.DB.prepare(sealedSecretQuery(email)).first<{ id: string }>();
    expect(sealed?.id).toBe(id);
  });

  it("writes nothing for an address someone already uses", async () => {
    const reader = await signUp();
    const id = crypto.randomUUID();
    const row = {
      id,
      email: reader.email,
      displayName: "Dev Admin",
      role: "admin" as const,
      passwordHash: "$argon2id$x",
      sealedSecret: "v1.x.y",
    };
    await execute(devStaffStatements(row, NOW));
    expect(await roleOf(reader.email)).toBe("reader");
    const factor = await env.DB.prepare("SELECT * FROM second_factors WHERE user_id = ?")
      .bind(id)
      .first();
    expect(factor).toBeNull();
  });
});
