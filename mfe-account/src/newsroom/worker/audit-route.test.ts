import { apiFailure } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { anAuditEntry, asStaff, newsroomApi } from "../../test/newsroom-answers.ts";
import { render, renderPage } from "../../test/test-bindings.ts";
import { detailLines } from "./audit-route.ts";

const audit = (overrides = {}) => asStaff("account.newsroom-audit", "/newsroom/audit", overrides);

describe("audit detail lines", () => {
  it("writes each field as `field: old → new`, or its one value", () => {
    expect(
      detailLines(
        {
          role: ["editor", "admin"],
          slug: ["old-slug", "new-slug"],
          publishAt: [null, "2026-11-25T08:00:00.000Z"],
          email: "grace@example.com",
          secondFactor: ["none", "authenticator app"],
          tags: ["a", "b", "c"],
        },
        "Europe/London",
      ),
    ).toEqual([
      "role: editor → admin",
      "slug: old-slug → new-slug",
      "publish at: (none) → 25 November 2026, 08:00",
      "email: grace@example.com",
      "second factor: none → authenticator app",
      'tags: ["a","b","c"]',
    ]);
    expect(detailLines({ text: "x".repeat(500) }, "UTC")[0]).toHaveLength("text: ".length + 200);
  });
});

describe("the audit log page", () => {
  it("lists entries newest first with when (publication time), who, what, subject and changes", async () => {
    const api = newsroomApi({
      auditLog: {
        entries: [
          anAuditEntry({
            id: "aud_2",
            at: "2026-07-01T08:05:00.000Z",
            action: "story.publish",
            subject: "story 42 “Tram line”",
            detail: {},
          }),
          anAuditEntry(),
          anAuditEntry({
            id: "aud_0",
            actor: null,
            action: "staff.join",
            detail: { role: "editor" },
          }),
        ],
        nextCursor: "c2",
      },
    });
    const answer = await renderPage(audit(), api);
    const { html } = answer;
    // 08:05 UTC in July is 09:05 in London (summer time).
    expect(html).toContain('<time dateTime="2026-07-01T08:05:00.000Z">1 July 2026, 09:05</time>');
    expect(html).toContain("Published a story");
    expect(html).toContain("story 42 “Tram line”");
    expect(html).toContain("<li>role: contributor → editor</li>");
    expect(html).toContain("The system");
    expect(html.indexOf("aud_2") === -1).toBe(true);
    expect(html.indexOf("Published a story")).toBeLessThan(html.indexOf("Changed a role"));
    expect(html).toContain('<a href="/newsroom/audit?cursor=c2">Older entries</a>');
    expect(html).not.toContain("Newest entries");
    expect(html).toContain("Times are in the Europe/London time zone.");
    expect(answer.head).toMatchObject({
      title: "Audit log | The Daily Edge",
      robots: "noindex, nofollow",
    });
  });

  it("pages by the API's cursor, with a way back to the newest", async () => {
    const api = newsroomApi();
    const { html } = await renderPage(audit({ search: "?cursor=c2" }), api);
    expect(api.calls[0]).toMatchObject({ endpoint: "auditLog", query: { cursor: "c2" } });
    expect(html).toContain('<a href="/newsroom/audit">Newest entries</a>');
    expect(html).not.toContain("Older entries");
  });

  it("says when a cursor is not one the API knows (400)", async () => {
    const other = newsroomApi({ auditLog: apiFailure(400, "invalid_request") });
    expect((await renderPage(audit({ search: "?cursor=x" }), other)).status).toBe(400);
    const api = newsroomApi({ auditLog: apiFailure(400, "invalid_cursor") });
    const answer = await renderPage(audit({ search: "?cursor=nonsense" }), api);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("That page of the log could not be found.");
    expect(answer.html).toContain('<a href="/newsroom/audit">Newest entries</a>');
  });

  it("says when nothing has been logged", async () => {
    const { html } = await renderPage(
      audit(),
      newsroomApi({ auditLog: { entries: [], nextCursor: null } }),
    );
    expect(html).toContain("Nothing has been logged yet.");
  });

  it("shows a 403 page to staff who are not admins, and sends readers of an ended session to log in", async () => {
    const editor = await renderPage(
      audit(),
      newsroomApi({ auditLog: apiFailure(403, "forbidden") }),
    );
    expect(editor.status).toBe(403);
    expect(editor.html).toContain("Only admins can do this");
    const ended = await render(
      audit({ search: "?cursor=c2" }),
      newsroomApi({ auditLog: apiFailure(401, "unauthorized") }),
    );
    expect(ended).toEqual({
      kind: "redirect",
      status: 302,
      location: "/login?next=%2Fnewsroom%2Faudit%3Fcursor%3Dc2",
      session: { kind: "clear" },
    });
  });

  it("answers the second factor's redirect for staff without a newsroom session", async () => {
    const answer = await render(
      audit(),
      newsroomApi({ auditLog: apiFailure(401, "second_factor_required") }),
    );
    expect(answer).toMatchObject({
      kind: "redirect",
      location: "/newsroom/sign-in?next=%2Fnewsroom%2Faudit",
    });
  });
});
