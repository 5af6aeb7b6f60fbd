import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { StaffRole } from "../../contract/newsroom-contract.ts";
import { auditInsert } from "../../db/audit-queries.ts";
import { changeRole } from "../../db/staff-write-queries.ts";
import {
  call,
  db,
  errorCode,
  newEmail,
  outboxFor,
  PUBLIC_ORIGIN,
  signUp,
  tokenIn,
} from "../../test/account-helpers.ts";
import { CALLERS, signInAs, tokenOf, type Caller } from "../../test/staff-helpers.ts";

const NEWSROOM = "/api/newsroom";

afterEach(() => vi.useRealTimers());

async function invite(adminToken: string, email: string, role: StaffRole = "editor") {
  const answer = await call(
    "POST",
    `${NEWSROOM}/invites`,
    { email, displayName: "Grace Obi", role },
    { token: adminToken },
  );
  expect(answer.status, answer.text).toBe(201);
  const sent = apiEndpoints.invite.answer.parse(answer.body).invite;
  const message = (await outboxFor(email))[0];
  return { invite: sent, token: tokenIn(message, "/newsroom/join"), message };
}

async function auditEntries(adminToken: string) {
  const answer = await call("GET", `${NEWSROOM}/audit`, undefined, { token: adminToken });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.auditLog.answer.parse(answer.body).entries;
}

const expectedStatus = (caller: Caller, success: number) =>
  ({ anonymous: 401, reader: 403, contributor: 403, editor: 403 })[caller as string] ?? success;

describe("staff, invitations and the audit log are for admins (SECURITY 31)", () => {
  it.each(CALLERS)("%s", async (caller) => {
    const token = await tokenOf(caller);
    const member = await signInAs("contributor");
    const email = newEmail("invitee");
    const answers = {
      staff: await call("GET", `${NEWSROOM}/staff`, undefined, { token }),
      invite: await call(
        "POST",
        `${NEWSROOM}/invites`,
        { email, displayName: "Grace Obi", role: "contributor" },
        { token },
      ),
      audit: await call("GET", `${NEWSROOM}/audit`, undefined, { token }),
      role: await call(
        "PATCH",
        `${NEWSROOM}/staff/${member.account.id}`,
        { role: "editor" },
        { token },
      ),
    };
    const inviteId = (answers.invite.body as { invite?: { id: string } }).invite?.id ?? "x";
    const revoke = await call("DELETE", `${NEWSROOM}/invites/${inviteId}`, undefined, { token });
    expect(answers.staff.status).toBe(expectedStatus(caller, 200));
    expect(answers.invite.status).toBe(expectedStatus(caller, 201));
    expect(answers.audit.status).toBe(expectedStatus(caller, 200));
    expect(answers.role.status).toBe(expectedStatus(caller, 200));
    expect(revoke.status).toBe(expectedStatus(caller, 204));
    if (caller !== "admin") {
      // Refused means nothing happened: no email, no change of role.
      expect(await outboxFor(email)).toHaveLength(0);
      const role = await call("GET", `${NEWSROOM}/second-factor`, undefined, {
        token: member.tokens.accessToken,
      });
      expect(role.body).toMatchObject({ role: "contributor", verified: true });
    }
  });

  it("asks an admin without a newsroom session for the second factor", async () => {
    const admin = await signInAs("admin", { verified: false });
    const answer = await call("GET", `${NEWSROOM}/staff`, undefined, {
      token: admin.tokens.accessToken,
    });
    expect(answer.status).toBe(401);
    expect(errorCode(answer.body)).toBe("second_factor_required");
  });
});

describe("inviting staff", () => {
  it("emails a single-use link to /newsroom/join, stores only its hash and lists the invite", async () => {
    const admin = await signInAs("admin", { displayName: "Ada Admin" });
    const email = newEmail("invitee");
    const { invite: sent, token, message } = await invite(admin.tokens.accessToken, email);
    expect(sent).toMatchObject({
      email,
      displayName: "Grace Obi",
      role: "editor",
      invitedBy: { id: admin.account.id, displayName: "Ada Admin" },
    });
    expect(Date.parse(sent.expiresAt) - Date.parse(sent.createdAt)).toBe(7 * 24 * 3600_000);
    expect(message?.text).toContain(`${PUBLIC_ORIGIN}/newsroom/join?token=`);
    expect(message?.text).toContain("Ada Admin has invited you");
    const { results } = await env.DB.prepare("SELECT * FROM staff_invites").all();
    expect(JSON.stringify(results)).not.toContain(token);

    const list = await call("GET", `${NEWSROOM}/staff`, undefined, {
      token: admin.tokens.accessToken,
    });
    const body = apiEndpoints.staff.answer.parse(list.body);
    expect(body.invites.map((row) => row.id)).toContain(sent.id);
    expect(body.staff.find((row) => row.id === admin.account.id)).toMatchObject({
      role: "admin",
      secondFactor: false,
    });
    expect((await auditEntries(admin.tokens.accessToken))[0]).toMatchObject({
      action: "staff.invite",
      subject: email,
      actor: { id: admin.account.id, displayName: "Ada Admin" },
      detail: { role: "editor" },
    });
  });

  it("replaces an earlier invitation to the same address, and refuses addresses already on the staff", async () => {
    const admin = await signInAs("admin");
    const email = newEmail("invitee");
    const first = await invite(admin.tokens.accessToken, email, "contributor");
    const second = await invite(admin.tokens.accessToken, email, "editor");
    const old = await call("POST", `${NEWSROOM}/invitation`, { token: first.token });
    expect(errorCode(old.body)).toBe("invalid_token");
    const current = await call("POST", `${NEWSROOM}/invitation`, { token: second.token });
    expect(current.body).toMatchObject({ role: "editor", accountExists: false });

    const editor = await signInAs("editor");
    const taken = await call(
      "POST",
      `${NEWSROOM}/invites`,
      { email: editor.email.toUpperCase(), displayName: "Someone", role: "admin" },
      { token: admin.tokens.accessToken },
    );
    expect(taken.status).toBe(409);
    expect(errorCode(taken.body)).toBe("conflict");
    const bad = await call(
      "POST",
      `${NEWSROOM}/invites`,
      { email, displayName: "Someone", role: "owner" },
      { token: admin.tokens.accessToken },
    );
    expect(errorCode(bad.body)).toBe("invalid_request");
  });

  it("keeps names typed by the admin inert in the email's HTML (SECURITY 17)", async () => {
    const admin = await signInAs("admin", { displayName: "Ada <i>Admin</i>" });
    const email = newEmail("invitee");
    const answer = await call(
      "POST",
      `${NEWSROOM}/invites`,
      { email, displayName: `Grace <script>alert("x")</script>`, role: "editor" },
      { token: admin.tokens.accessToken },
    );
    expect(answer.status).toBe(201);
    const html = (await outboxFor(email))[0]?.html ?? "";
    expect(html).not.toMatch(/<script|<i>/);
    expect(html).toContain("Grace &lt;script&gt;");
    expect(html).toContain("Ada &lt;i&gt;Admin&lt;/i&gt;");
  });

  it("revokes an invitation: its link stops working, and the log says so", async () => {
    const admin = await signInAs("admin");
    const token = admin.tokens.accessToken;
    const sent = await invite(token, newEmail("invitee"));
    const revoked = await call("DELETE", `${NEWSROOM}/invites/${sent.invite.id}`, undefined, {
      token,
    });
    expect(revoked.status).toBe(204);
    expect(
      errorCode((await call("POST", `${NEWSROOM}/invitation`, { token: sent.token })).body),
    ).toBe("invalid_token");
    expect((await auditEntries(token))[0]?.action).toBe("staff.invite-revoked");
    const unknown = await call("DELETE", `${NEWSROOM}/invites/nope`, undefined, { token });
    expect(unknown.status).toBe(404);
  });
});

describe("changing roles", () => {
  const patch = (token: string, id: string, role: string) =>
    call("PATCH", `${NEWSROOM}/staff/${id}`, { role }, { token });
  const newsroomCall = (token: string) =>
    call("GET", `${NEWSROOM}/staff`, undefined, { token }).then((answer) => answer);

  it("changes a role, ends that person's newsroom sessions at once and records old and new", async () => {
    const admin = await signInAs("admin");
    const other = await signInAs("admin");
    expect((await newsroomCall(other.tokens.accessToken)).status).toBe(200);
    const changed = await patch(admin.tokens.accessToken, other.account.id, "editor");
    expect(changed.status, changed.text).toBe(200);
    expect(apiEndpoints.changeRole.answer.parse(changed.body).member).toMatchObject({
      id: other.account.id,
      role: "editor",
    });
    // Their very next newsroom call: the second factor again, then the editor's rights.
    const next = await call("GET", `${NEWSROOM}/second-factor`, undefined, {
      token: other.tokens.accessToken,
    });
    expect(next.body).toMatchObject({ role: "editor", verified: false });
    expect(errorCode((await newsroomCall(other.tokens.accessToken)).body)).toBe(
      "second_factor_required",
    );
    expect((await auditEntries(admin.tokens.accessToken))[0]).toMatchObject({
      action: "staff.role",
      subject: other.email,
      detail: { role: ["admin", "editor"] },
    });
  });

  it("removes a person from the staff with `reader`: their next newsroom call is 403", async () => {
    const admin = await signInAs("admin");
    const editor = await signInAs("editor");
    const story = await call("GET", `${NEWSROOM}/second-factor`, undefined, {
      token: editor.tokens.accessToken,
    });
    expect(story.status).toBe(200);
    const removed = await patch(admin.tokens.accessToken, editor.account.id, "reader");
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ member: null });
    const after = await call("GET", `${NEWSROOM}/second-factor`, undefined, {
      token: editor.tokens.accessToken,
    });
    expect(after.status).toBe(403);
    expect((await auditEntries(admin.tokens.accessToken))[0]).toMatchObject({
      action: "staff.remove",
      detail: { role: ["editor", "reader"] },
    });
    // No longer staff: nothing to change.
    expect((await patch(admin.tokens.accessToken, editor.account.id, "editor")).status).toBe(404);
  });

  it("refuses an admin's own role, an unknown person and a role that does not exist", async () => {
    const admin = await signInAs("admin");
    const token = admin.tokens.accessToken;
    const own = await patch(token, admin.account.id, "editor");
    expect(own.status).toBe(409);
    expect(errorCode(own.body)).toBe("conflict");
    const reader = await signUp();
    expect((await patch(token, reader.account.id, "editor")).status).toBe(404);
    const contributor = await signInAs("contributor");
    expect(errorCode((await patch(token, contributor.account.id, "owner")).body)).toBe(
      "invalid_request",
    );
    const same = await patch(token, contributor.account.id, "contributor");
    expect(same.status).toBe(200);
    const mentioned = (await auditEntries(token)).filter((entry) =>
      [admin.email, contributor.email].includes(entry.subject),
    );
    expect(mentioned).toHaveLength(0);
  });

  it("keeps the last admin: two admins demoting each other at once leave one admin", async () => {
    await env.DB.exec("DELETE FROM staff_members WHERE role = 'admin'");
    const first = await signInAs("admin");
    const second = await signInAs("admin");
    const answers = await Promise.all([
      patch(first.tokens.accessToken, second.account.id, "reader"),
      patch(second.tokens.accessToken, first.account.id, "editor"),
    ]);
    // The loser is refused inside the batch (409) or, if it came second, at the door (403).
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await env.DB.prepare(
      "SELECT count(*) AS n FROM staff_members WHERE role = 'admin'",
    ).first<{ n: number }>();
    expect(admins?.n).toBe(1);
    // Only the change that happened is in the log.
    const logged = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE subject IN (?, ?)",
    )
      .bind(first.email, second.email)
      .first<{ n: number }>();
    expect(logged?.n).toBe(1);
  });
});

describe("changeRole's guard, checked inside the batch", () => {
  it("never demotes the last admin, and needs the actor to be an admin still", async () => {
    await env.DB.exec("DELETE FROM staff_members WHERE role = 'admin'");
    const only = await signInAs("admin");
    const editor = await signInAs("editor");
    const demoteSelf = { actorId: only.account.id, targetId: only.account.id, subject: "x" };
    expect(await changeRole(db, { ...demoteSelf, from: "admin", to: "editor" }, new Date())).toBe(
      false,
    );
    expect(await changeRole(db, { ...demoteSelf, from: "admin", to: "reader" }, new Date())).toBe(
      false,
    );
    const byEditor = { actorId: editor.account.id, targetId: only.account.id, subject: "x" };
    expect(await changeRole(db, { ...byEditor, from: "admin", to: "editor" }, new Date())).toBe(
      false,
    );
    // The role the admin saw is no longer the role: nothing changes.
    const stale = { actorId: only.account.id, targetId: editor.account.id, subject: "x" };
    expect(await changeRole(db, { ...stale, from: "contributor", to: "admin" }, new Date())).toBe(
      false,
    );
    expect(await changeRole(db, { ...stale, from: "editor", to: "admin" }, new Date())).toBe(true);
    expect(await changeRole(db, { ...demoteSelf, from: "admin", to: "editor" }, new Date())).toBe(
      true,
    );
    const logged = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE subject = 'x'",
    ).first<{ n: number }>();
    expect(logged?.n).toBe(2);
  });
});

describe("the audit log", () => {
  it("pages newest first, 50 at a time, with actors' names and an opaque cursor", async () => {
    await env.DB.exec("DELETE FROM audit_log");
    const admin = await signInAs("admin", { displayName: "Ada Admin" });
    const base = Date.parse("2026-11-01T08:00:00Z");
    await db.batch([
      auditInsert(db, {
        at: new Date(base),
        actorId: null,
        action: "staff.join",
        subject: "first",
      }),
      ...Array.from({ length: 54 }, (_, index) =>
        auditInsert(db, {
          at: new Date(base + (index + 1) * 60_000),
          actorId: admin.account.id,
          action: "story.publish",
          subject: `story ${index + 1}`,
          detail: { status: ["draft", "published"] },
        }),
      ),
    ]);
    const token = admin.tokens.accessToken;
    const first = await call("GET", `${NEWSROOM}/audit`, undefined, { token });
    const page = apiEndpoints.auditLog.answer.parse(first.body);
    expect(page.entries).toHaveLength(50);
    expect(page.entries[0]).toMatchObject({
      subject: "story 54",
      actor: { displayName: "Ada Admin" },
      detail: { status: ["draft", "published"] },
    });
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await call(
      "GET",
      `${NEWSROOM}/audit?cursor=${page.nextCursor ?? ""}`,
      undefined,
      { token },
    );
    const rest = apiEndpoints.auditLog.answer.parse(second.body);
    expect(rest.entries.map((entry) => entry.subject)).toEqual([
      "story 4",
      "story 3",
      "story 2",
      "story 1",
      "first",
    ]);
    expect(rest.entries.at(-1)?.actor).toBeNull();
    expect(rest.nextCursor).toBeNull();
    for (const query of ["?cursor=nope!", "?cursor=", "?other=1"]) {
      const bad = await call("GET", `${NEWSROOM}/audit${query}`, undefined, { token });
      expect(bad.status, query).toBe(400);
    }
    expect(
      errorCode((await call("GET", `${NEWSROOM}/audit?cursor=bm9wZQ`, undefined, { token })).body),
    ).toBe("invalid_cursor");
  });
});
