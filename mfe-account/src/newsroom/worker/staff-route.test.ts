import { apiFailure } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import {
  admin,
  anInvite,
  asStaff,
  aStaffMember,
  newsroomApi,
} from "../../test/newsroom-answers.ts";
import { post, render, renderPage } from "../../test/test-bindings.ts";

const staffPage = (overrides = {}) =>
  asStaff("account.newsroom-staff", "/newsroom/staff", overrides);

function staffPost(form: Record<string, string>, api = newsroomApi()) {
  return { answer: post({ ...staffPage(), form }, api), api };
}

async function pageOf(answer: ReturnType<typeof post>) {
  const page = await answer;
  if (page.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(page)}`);
  return page;
}

describe("the staff page", () => {
  it("lists the staff with their roles and second factor, and the invitations waiting", async () => {
    const api = newsroomApi();
    const answer = await renderPage(staffPage(), api);
    const { html } = answer;
    expect(html).toContain('<h1 id="a-title" class="a-title">Staff</h1>');
    expect(html).toContain("Ada Admin");
    expect(html).toContain('<span class="a-tag"> (you)</span>');
    expect(html).toContain("ed@example.com");
    expect(html).toContain("Not set up yet");
    // One role form per person, its select labelled with the person's name.
    expect(html).toContain(
      '<label class="a-visually-hidden" for="a-nr-role-acc_ed">Role of Ed Itor</label>',
    );
    expect(html).toMatch(/<select[^>]*id="a-nr-role-acc_ed"[^>]*name="role"/);
    expect(html).toContain('<option value="editor" selected="">Editor</option>');
    expect(html).toContain('href="/newsroom/staff?remove=acc_con"');
    expect(html).toContain("Grace Writer");
    expect(html).toContain("27 November 2026, 09:00");
    expect(html).toContain('<input type="hidden" name="intent" value="revoke-invite"/>');
    expect(html).toContain('<input type="hidden" name="intent" value="invite"/>');
    expect(api.calls.map((call) => call.endpoint)).toEqual(["staff"]);
    expect(answer.head).toMatchObject({
      title: "Staff | The Daily Edge",
      robots: "noindex, nofollow",
    });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("says there are no invitations when none are waiting", async () => {
    const { html } = await renderPage(
      staffPage(),
      newsroomApi({ staff: { staff: [aStaffMember()], invites: [] } }),
    );
    expect(html).toContain("No invitations are waiting.");
  });

  it("shows a 403 page to staff who are not admins (the API decides)", async () => {
    const answer = await renderPage(
      staffPage({ viewer: { ...admin, role: "editor" } }),
      newsroomApi({ staff: apiFailure(403, "forbidden") }),
    );
    expect(answer.status).toBe(403);
    expect(answer.html).toContain("Only admins can do this");
    expect(answer.html).toContain('<a href="/newsroom">Go to the stories</a>');
    expect(answer.html).not.toContain("Invite someone");
  });

  it("sends staff without a newsroom session to the second factor, coming back here", async () => {
    const api = newsroomApi({ staff: apiFailure(401, "second_factor_required") });
    expect(await render(staffPage({ search: "?done=invite" }), api)).toEqual({
      kind: "redirect",
      status: 302,
      location: "/newsroom/sign-in?next=%2Fnewsroom%2Fstaff%3Fdone%3Dinvite",
    });
    const posted = await staffPost({ intent: "revoke-invite", id: "inv_1" }, api).answer;
    expect(posted).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/sign-in?next=%2Fnewsroom%2Fstaff",
    });
  });

  it("sends someone whose session ended to log in, forgetting it", async () => {
    const answer = await render(
      staffPage(),
      newsroomApi({ staff: apiFailure(401, "unauthorized") }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 302,
      location: "/login?next=%2Fnewsroom%2Fstaff",
      session: { kind: "clear" },
    });
  });
});

describe("staff forms", () => {
  it("invites someone and says so after the redirect", async () => {
    const api = newsroomApi({ invite: { invite: anInvite({ email: "new@example.com" }) } });
    const { answer } = staffPost(
      { intent: "invite", email: " new@example.com ", displayName: "New Person", role: "editor" },
      api,
    );
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/staff?done=invite",
    });
    expect(api.calls.map((call) => [call.endpoint, call.body])).toEqual([
      ["invite", { email: "new@example.com", displayName: "New Person", role: "editor" }],
    ]);
    const { html } = await renderPage(staffPage({ search: "?done=invite" }), api);
    expect(html).toContain('<p class="a-status" role="status">The invitation has been sent.</p>');
  });

  it("shows each invitation problem next to its field, keeping what was typed (422)", async () => {
    const { answer, api } = staffPost({
      intent: "invite",
      email: "not-an-address",
      displayName: "",
      role: "owner",
    });
    const page = await pageOf(answer);
    expect(page.status).toBe(422);
    expect(page.html).toContain(
      '<a href="#a-nr-invite-email">Enter an email address like name@example.com.</a>',
    );
    expect(page.html).toContain('<a href="#a-nr-invite-name">Enter a name.</a>');
    expect(page.html).toContain('<a href="#a-nr-invite-role">Choose a role.</a>');
    expect(page.html).toMatch(/<input[^>]*id="a-nr-invite-email"[^>]*value="not-an-address"/);
    expect(page.html).toMatch(/<select[^>]*id="a-nr-invite-role"[^>]*aria-invalid="true"/);
    expect(api.calls.map((call) => call.endpoint)).toEqual(["staff"]);
  });

  it("says when the address is already on the staff or invited (409)", async () => {
    const api = newsroomApi({ invite: apiFailure(409, "conflict") });
    const page = await pageOf(
      staffPost(
        { intent: "invite", email: "ed@example.com", displayName: "Ed", role: "editor" },
        api,
      ).answer,
    );
    expect(page.status).toBe(409);
    expect(page.html).toContain("That address already belongs to a member of the staff.");
  });

  it("changes a role", async () => {
    const api = newsroomApi({
      changeRole: { member: aStaffMember({ id: "acc_con", role: "editor" }) },
    });
    const { answer } = staffPost({ intent: "change-role", id: "acc_con", role: "editor" }, api);
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/staff?done=change-role",
    });
    expect(api.calls[0]).toMatchObject({
      endpoint: "changeRole",
      method: "PATCH",
      path: "/api/newsroom/staff/acc_con",
      body: { role: "editor" },
    });
  });

  it("explains that nobody changes their own role, so the last admin stays (409)", async () => {
    const api = newsroomApi({ changeRole: apiFailure(409, "conflict") });
    const own = await pageOf(
      staffPost({ intent: "change-role", id: "acc_admin", role: "editor" }, api).answer,
    );
    expect(own.status).toBe(409);
    expect(own.html).toContain("You cannot change your own role or remove yourself");
    expect(own.html).toContain('role="alert"');
    const raced = await pageOf(staffPost({ intent: "remove", id: "acc_ed" }, api).answer);
    expect(raced.status).toBe(409);
    expect(raced.html).toContain("would leave the newsroom without an admin");
    // The page offers no role change or removal for the person looking at it.
    expect(own.html).not.toContain('id="a-nr-role-acc_admin"');
    expect(own.html).not.toContain("?remove=acc_admin");
    const asked = await renderPage(staffPage({ search: "?remove=acc_admin" }), api);
    expect(asked.status).toBe(409);
    expect(asked.html).not.toContain('value="remove"');
  });

  it("asks before removing someone, then removes them (role reader)", async () => {
    const api = newsroomApi({ changeRole: { member: null } });
    const confirm = await renderPage(staffPage({ search: "?remove=acc_con" }), api);
    expect(confirm.html).toContain("Remove Con Tributor from the staff?");
    expect(confirm.html).toContain('<input type="hidden" name="intent" value="remove"/>');
    expect(confirm.html).toContain('<input type="hidden" name="id" value="acc_con"/>');
    expect(api.calls.map((call) => call.endpoint)).toEqual(["staff"]);
    const { answer } = staffPost({ intent: "remove", id: "acc_con" }, api);
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/staff?done=remove",
    });
    expect(api.calls.at(-1)).toMatchObject({
      endpoint: "changeRole",
      path: "/api/newsroom/staff/acc_con",
      body: { role: "reader" },
    });
  });

  it("says when the person to remove is not on the staff (404)", async () => {
    const page = await renderPage(staffPage({ search: "?remove=acc_gone" }), newsroomApi());
    expect(page.status).toBe(404);
    expect(page.html).toContain("That person is no longer on the staff.");
    expect(page.html).not.toContain('value="remove"');
  });

  it("withdraws an invitation, and says when it was already used (404)", async () => {
    const api = newsroomApi({ revokeInvite: null });
    const { answer } = staffPost({ intent: "revoke-invite", id: "inv_1" }, api);
    expect(await answer).toMatchObject({ location: "/newsroom/staff?done=revoke-invite" });
    expect(api.calls[0]).toMatchObject({ method: "DELETE", path: "/api/newsroom/invites/inv_1" });
    api.answers.revokeInvite = apiFailure(404, "not_found");
    const page = await pageOf(staffPost({ intent: "revoke-invite", id: "inv_1" }, api).answer);
    expect(page.status).toBe(404);
    expect(page.html).toContain(
      "That invitation has already been accepted, withdrawn or has expired.",
    );
  });

  it("shows a non-admin's post the 403 page", async () => {
    const api = newsroomApi({ changeRole: apiFailure(403, "forbidden") });
    const page = await pageOf(
      staffPost({ intent: "change-role", id: "acc_con", role: "admin" }, api).answer,
    );
    expect(page.status).toBe(403);
    expect(page.html).toContain("Only admins can do this");
  });

  it("refuses a form without this site's form token (403) and changes nothing", async () => {
    const api = newsroomApi();
    const page = await pageOf(
      staffPost({ csrf: "x".repeat(43), intent: "remove", id: "acc_con" }, api).answer,
    );
    expect(page.status).toBe(403);
    expect(page.html).toContain("This form had expired or did not come from this site.");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["staff"]);
  });
});
