import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { STRONG_PASSWORD, signUp, uniqueEmail } from "../support/account-pages.ts";
import { waitOutEdgeState } from "../support/newsroom-commands.ts";
import {
  DEV_STAFF_PASSWORD,
  devStaffSecret,
  expectNoAxeViolations,
  freshTotpCode,
  invitationLink,
  newActor,
  signInToNewsroom,
  type Actor,
} from "../support/newsroom-pages.ts";

/**
 * The newsroom of issue 13 in Chromium, from the real stack: the door, staff invitations and
 * two-step verification, the story desk (write, autosave, submit, preview, publish, schedule,
 * correct, change the slug, the two-tab conflict, unpublish), what readers see, axe on every
 * newsroom screen, and removal from the staff. The tests run in order and share the people
 * (each in their own browser context) and the stories.
 */
test.describe.configure({ mode: "serial" });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const story = {
  headline: `Harbour lights return to the old quay ${run}`,
  standfirst: "The council restores the lamps after forty years of darkness.",
  linkWord: "report",
  linkHref: "https://example.org/harbour-report",
  edited: "The council restores the lamps after forty years of darkness, a year early.",
};
const later = { headline: `Tide tables for the coming winter ${run}` };

interface Staff {
  email: string;
  password: string;
  secret: string;
  actor: Actor;
}
let admin: Staff;
let editor: Staff;
let contributor: Staff;
let storyPath = "";
let articlePath = "";
let laterPath = "";

/** The reader's address of a story: `/<section>/<category>/<slug>`, read from the editor. */
async function readerAddress(page: Page): Promise<string> {
  const section = await page.getByLabel("Section", { exact: true }).inputValue();
  const category = await page.getByLabel("Category", { exact: true }).inputValue();
  const slug = await page.getByLabel("Slug", { exact: true }).inputValue();
  return `/${section}/${category.split("/").pop()}/${slug}`;
}

async function openEditor(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page, "content.newsroom-story");
}

test.afterAll(async () => {
  for (const person of [admin, editor, contributor]) await person?.actor.context.close();
});

test.afterEach(() => {
  for (const person of [admin, editor, contributor]) person?.actor.guard.check();
});

test("the door: anonymous visitors log in first, readers get a clear 403", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowMainDocument404();
  const anonymous = await page.goto("/newsroom");
  expect(anonymous?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?next=%2Fnewsroom$/);

  await signUp(page, {
    email: uniqueEmail("reader"),
    name: "Rita Reader",
    password: STRONG_PASSWORD,
  });
  await expect(page).toHaveURL(/\/profile/);
  const refused = await page.goto("/newsroom");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/newsroom/i);
  await expect(page.getByRole("main")).toContainText("The newsroom is for the publication’s staff");
});

test("the admin signs in with a code and invites an editor and a contributor", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminEmail = "admin@dailyedge.test";
  admin = {
    email: adminEmail,
    password: DEV_STAFF_PASSWORD,
    secret: await devStaffSecret(adminEmail),
    actor: await newActor(browser),
  };
  await signInToNewsroom(admin.actor.page, admin, expectNoAxeViolations);

  const invitees = [
    { role: "editor", name: "Erin Editor", email: uniqueEmail("nr-editor") },
    { role: "contributor", name: "Colm Contributor", email: uniqueEmail("nr-contributor") },
  ] as const;
  const page = admin.actor.page;
  for (const invitee of invitees) {
    await page.goto("/newsroom/staff");
    await waitForHydration(page, "account.newsroom-staff");
    await page.getByLabel("Their email address", { exact: true }).fill(invitee.email);
    await page.getByLabel("Their name", { exact: true }).fill(invitee.name);
    await page.getByLabel("Role", { exact: true }).selectOption(invitee.role);
    await page.getByRole("button", { name: "Send the invitation" }).click();
    await expect(page.getByRole("main")).toContainText(invitee.email);
  }

  for (const invitee of invitees) {
    const actor = await newActor(browser);
    const invitePage = actor.page;
    const link = await invitationLink(invitePage, invitee.email);
    await invitePage.goto(link);
    await waitForHydration(invitePage, "account.newsroom-join");
    if (invitee.role === "editor") await expectNoAxeViolations(invitePage);
    await invitePage.getByLabel("Your name", { exact: true }).fill(invitee.name);
    await invitePage.getByLabel("Choose a password", { exact: true }).fill(STRONG_PASSWORD);
    await invitePage.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(invitePage).toHaveURL(/\/newsroom\/sign-in/);
    await invitePage.getByRole("button", { name: "Set up the app" }).click();
    const secretGroups = invitePage.locator(".a-nr-secret code");
    await expect(secretGroups.first()).toBeVisible();
    if (invitee.role === "editor") await expectNoAxeViolations(invitePage);
    const groups = await secretGroups.allTextContents();
    const secret = groups.join("").replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await invitePage
      .getByLabel("Code from the app", { exact: true })
      .fill(await freshTotpCode(secret));
    await invitePage.getByRole("button", { name: "Turn on two-step verification" }).click();
    await expect(invitePage.getByRole("main")).toContainText(/recovery codes/i);
    if (invitee.role === "editor") await expectNoAxeViolations(invitePage);
    await invitePage.getByRole("link", { name: "Continue to the newsroom" }).click();
    await expect(invitePage).toHaveURL(/\/newsroom$/);
    await waitForHydration(invitePage, "content.newsroom");
    const person = { email: invitee.email, password: STRONG_PASSWORD, secret, actor };
    if (invitee.role === "editor") editor = person;
    else contributor = person;
  }
});

test("the contributor writes a story with a link, sees it autosave and submits it", async () => {
  test.setTimeout(90_000);
  const page = contributor.actor.page;
  await page.goto("/newsroom/stories/new");
  await waitForHydration(page, "content.newsroom-new-story");
  await page.getByLabel("Headline", { exact: true }).fill(story.headline);
  await page.getByLabel("Standfirst", { exact: true }).fill(story.standfirst);

  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await page.keyboard.type("Lamps along the quay were lit again on Friday. Read the ");
  await page.keyboard.type(story.linkWord);
  for (let i = 0; i < story.linkWord.length; i += 1) await page.keyboard.press("Shift+ArrowLeft");
  page.once("dialog", (dialog) => dialog.accept(story.linkHref));
  await page.getByRole("toolbar").getByRole("button", { name: "Link" }).click();
  await expect(body.getByRole("link", { name: story.linkWord, exact: true })).toHaveAttribute(
    "href",
    story.linkHref,
  );
  await page.keyboard.press("End");
  await page.keyboard.type(" in full.");

  const section = page.getByLabel("Section", { exact: true });
  await section.selectOption({ index: 1 });
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("group", { name: "Authors (byline)" }).getByRole("checkbox").first().check();

  // Autosave creates the story and moves the address to its own.
  await expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/newsroom\/stories\/[^/]+$/);
  storyPath = new URL(page.url()).pathname;
  articlePath = await readerAddress(page);

  await expect(page.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(
    page.getByText("Submitted for review. An editor will publish or return it."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  // Submitted: the contributor may read it, not change it.
  await expect(page.getByLabel("Headline", { exact: true })).toBeDisabled();
});

/** An anonymous reader's request for `path`: its edge cache state and whether it shows `text`. */
async function anonymousView(request: APIRequestContext, path: string, text: string) {
  const response = await request.get(path, { headers: { cookie: "" } });
  expect(response.status()).toBe(200);
  return {
    cache: response.headers()["x-edge-cache"],
    shows: (await response.text()).includes(text),
  };
}

test("the editor edits, previews, publishes one story and schedules another", async ({
  request,
}) => {
  test.setTimeout(120_000);
  await signInToNewsroom(editor.actor.page, editor);
  const page = editor.actor.page;
  // The newsroom's chrome: its navigation by role, who is signed in, sign out.
  const nav = page.getByRole("navigation", { name: "Newsroom" });
  await expect(nav.getByRole("link", { name: "New story" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign out" })).toBeVisible();
  await expect(
    admin.actor.page
      .getByRole("navigation", { name: "Newsroom" })
      .getByRole("link", { name: "Staff" }),
  ).toBeVisible();
  await page.getByRole("link", { name: story.headline }).click();
  await waitForHydration(page, "content.newsroom-story");
  await page.getByLabel("Standfirst", { exact: true }).fill(story.edited);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();

  const [preview] = await Promise.all([
    editor.actor.context.waitForEvent("page"),
    page.getByRole("button", { name: "Preview (opens a new tab)" }).click(),
  ]);
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(/\/newsroom\/preview\//);
  await expect(preview.getByRole("note")).toContainText("Preview — not published.");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(story.headline);
  await expect(preview.getByRole("link", { name: story.linkWord, exact: true })).toHaveAttribute(
    "href",
    story.linkHref,
  );
  // The preview's private address opens for other staff too.
  const other = contributor.actor.page;
  await other.goto(preview.url());
  await expect(other.getByRole("note")).toContainText("Preview — not published.");
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(story.headline);
  await preview.close();

  // Readers have the section's page from the edge cache before the publish (issue 19).
  const sectionPath = `/${articlePath.split("/")[1]}`;
  await anonymousView(request, sectionPath, story.headline);
  expect(await anonymousView(request, sectionPath, story.headline)).toEqual({
    cache: "HIT",
    shows: false,
  });
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published. Readers see it on their next page load.")).toBeVisible();
  // The first request more than the shell's trust in the content version later (1 s) shows it:
  // a new key, rendered afresh, whatever the cache held.
  const publishedAt = Date.now();
  await waitOutEdgeState();
  const after = await anonymousView(request, sectionPath, story.headline);
  test.info().annotations.push({
    type: "publish to reader",
    description: `the first anonymous request ${Date.now() - publishedAt} ms after "Published." shows the story (${after.cache})`,
  });
  expect(after).toEqual({ cache: "MISS", shows: true });

  // The second story: written by the editor and scheduled for tomorrow.
  await page.goto("/newsroom/stories/new");
  await waitForHydration(page, "content.newsroom-new-story");
  await page.getByLabel("Headline", { exact: true }).fill(later.headline);
  await page
    .getByLabel("Standfirst", { exact: true })
    .fill("What the harbour master expects from December.");
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("High water will be earlier than usual.");
  await page.getByLabel("Section", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("group", { name: "Authors (byline)" }).getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Create story" }).click();
  await expect(page).toHaveURL(/\/newsroom\/stories\/[^/]+$/);
  await waitForHydration(page, "content.newsroom-story");
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel("Date", { exact: true }).fill(tomorrow);
  await page.getByLabel("Time", { exact: true }).fill("09:30");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText(/^Scheduled\. It goes live/)).toBeVisible();
  laterPath = new URL(page.url()).pathname;
});

test("a reader in another browser sees the published story at once, not the scheduled one", async ({
  page,
  request,
}) => {
  await waitOutEdgeState();
  await page.goto("/");
  await expect(page.getByRole("link", { name: story.headline }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: later.headline })).toHaveCount(0);

  await page.goto(`/${articlePath.split("/")[1]}`);
  await expect(page.getByRole("link", { name: story.headline }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: later.headline })).toHaveCount(0);

  await page.getByRole("link", { name: story.headline }).first().click();
  await expect(page).toHaveURL(new RegExp(`${articlePath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.headline);
  await expect(
    page.getByRole("main").getByRole("link", { name: story.linkWord, exact: true }),
  ).toHaveAttribute("href", story.linkHref);

  const feed = await request.get("/feeds/all.xml");
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  expect(xml).toContain(story.headline);
  expect(xml).toContain(story.linkHref);
  expect(xml).not.toContain(later.headline);
});

test("the editor adds a correction: it shows at the article's foot and on the corrections page", async ({
  page,
}) => {
  const desk = editor.actor.page;
  await openEditor(desk, storyPath);
  const correction = `An earlier version said the lamps were gas; they are electric (${run}).`;
  await desk.getByLabel("Add a correction", { exact: true }).fill(correction);
  await desk.getByRole("button", { name: "Add correction" }).click();
  await expect(
    desk.getByText("Correction added. It shows at the foot of the article."),
  ).toBeVisible();

  await waitOutEdgeState();
  await page.goto(articlePath);
  await expect(page.getByRole("main")).toContainText(correction);
  await page.goto("/pages/corrections");
  await expect(page.getByRole("main")).toContainText(correction);
});

test("changing a published story's slug keeps the old address alive (301)", async ({ request }) => {
  const desk = editor.actor.page;
  await openEditor(desk, storyPath);
  const slug = `harbour-lights-${run}`;
  await desk.getByLabel("Slug", { exact: true }).fill(slug);
  await desk.getByRole("button", { name: "Save and update the live story" }).click();
  await expect(desk.getByText("Saved.", { exact: true })).toBeVisible();
  const newPath = await readerAddress(desk);
  expect(newPath).toMatch(new RegExp(`/${slug}$`));

  await waitOutEdgeState();
  const old = await request.get(articlePath, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers().location ?? "", "http://x").pathname).toBe(newPath);
  articlePath = newPath;
});

test("two tabs on one story: the second save gets the 409 path and nothing is overwritten", async () => {
  test.setTimeout(90_000);
  const first = editor.actor.page;
  const second = await editor.actor.newPage();
  editor.actor.guard.allow4xx = true;
  await openEditor(first, storyPath);
  await openEditor(second, storyPath);

  const firstStandfirst = `The first tab's standfirst (${run}).`;
  await first.getByLabel("Standfirst", { exact: true }).fill(firstStandfirst);
  await first.getByRole("button", { name: "Save and update the live story" }).click();
  await expect(first.getByText("Saved.", { exact: true })).toBeVisible();

  const secondHeadline = `${story.headline}: lamps lit`;
  await second.getByLabel("Headline", { exact: true }).fill(secondHeadline);
  await second.getByRole("button", { name: "Save and update the live story" }).click();
  await expect(
    second.getByRole("heading", { name: "This story changed while you were working" }),
  ).toBeVisible();
  // What the other tab changed, word by word (added words underlined).
  const conflict = second.locator(".c-nr-conflict");
  await expect(conflict.locator("dt")).toHaveText(["Standfirst"]);
  await expect(conflict.locator("ins").filter({ hasText: "tab's" })).toHaveCount(1);
  // The second tab's own text is still in the form.
  await expect(second.getByLabel("Headline", { exact: true })).toHaveValue(secondHeadline);

  await second.getByRole("button", { name: "Save my version on top" }).click();
  await expect(second.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(second.getByLabel("Headline", { exact: true })).toHaveValue(secondHeadline);

  // The first tab's save is not lost: it is the revision before, in the history.
  await second.getByRole("link", { name: "Revisions" }).click();
  await waitForHydration(second, "content.newsroom-revisions");
  await second.getByRole("button", { name: "Compare" }).click();
  const diff = second.locator(".c-nr-diff-result");
  await expect(diff.locator("dt")).toContainText(["Headline", "Standfirst"]);
  await expect(diff.locator("del").filter({ hasText: "tab's" })).toHaveCount(1);
  await second.close();
  editor.actor.guard.allow4xx = false;
});

test("axe finds no violation on the newsroom's screens, which are private and never cached", async () => {
  test.setTimeout(120_000);
  const desk = editor.actor.page;
  for (const [path, route] of [
    ["/newsroom", "content.newsroom"],
    [storyPath, "content.newsroom-story"],
    [`${storyPath}/revisions`, "content.newsroom-revisions"],
    ["/newsroom/stories/new", "content.newsroom-new-story"],
    ["/newsroom/sections", "content.newsroom-sections"],
    ["/newsroom/authors", "content.newsroom-authors"],
    ["/newsroom/tags", "content.newsroom-tags"],
    ["/newsroom/security", "account.newsroom-security"],
  ] as const) {
    const response = await desk.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers["cache-control"], path).toContain("no-store");
    expect(headers["x-robots-tag"], path).toContain("noindex");
    await waitForHydration(desk, route);
    await expectNoAxeViolations(desk);
  }
  const page = admin.actor.page;
  for (const [path, route] of [
    ["/newsroom/staff", "account.newsroom-staff"],
    ["/newsroom/audit", "account.newsroom-audit"],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page, route);
    await expectNoAxeViolations(page);
  }
  // The audit log names what the journey did.
  await expect(page.getByRole("main")).toContainText(/publish/i);
});

test("unpublishing asks first; readers then get 410 and the story leaves the front page", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowMainDocument404();
  const desk = editor.actor.page;
  await openEditor(desk, storyPath);
  await desk.getByRole("button", { name: "Unpublish…" }).click();
  await expect(desk.getByRole("heading", { name: "Unpublish this story?" })).toBeVisible();
  await desk.getByRole("button", { name: "Yes, unpublish it" }).click();
  await expect(
    desk.getByText("Unpublished. Readers now get a “gone” page at its address."),
  ).toBeVisible();

  await waitOutEdgeState();
  const gone = await page.goto(articlePath);
  expect(gone?.status()).toBe(410);
  await page.goto("/");
  await expect(page.getByRole("link", { name: story.headline })).toHaveCount(0);

  // The scheduled story is withdrawn too, so it never goes live on the local site.
  await openEditor(desk, laterPath);
  await desk.getByRole("button", { name: "Unpublish…" }).click();
  await desk.getByRole("button", { name: "Yes, unpublish it" }).click();
  await expect(
    desk.getByText("Unpublished. Readers now get a “gone” page at its address."),
  ).toBeVisible();
});

test("autosave keeps trying through a lost connection, says so, and loses nothing on a reload", async () => {
  const page = contributor.actor.page;
  contributor.actor.guard.allowBlocked = true;
  await page.goto("/newsroom/stories/new");
  await waitForHydration(page, "content.newsroom-new-story");
  await page.route("**/_edge/navigate?**", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("Headline", { exact: true }).fill(`A draft on a bad line ${run}`);
  await page.getByLabel("Section", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("group", { name: "Authors (byline)" }).getByRole("checkbox").first().check();
  await expect(
    page.getByRole("status").filter({ hasText: /^Not saved: connection lost/ }),
  ).toBeVisible({
    timeout: 15_000,
  });
  // Leaving asks first; after a reload the text kept in this tab is offered back.
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe("beforeunload");
  await waitForHydration(page, "content.newsroom-new-story");
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue("");
  await page.getByRole("button", { name: "Put my unsaved changes back" }).click();
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(
    `A draft on a bad line ${run}`,
  );
  await expect(page.getByLabel("Category", { exact: true })).not.toHaveValue("");
  await page.unroute("**/_edge/navigate?**");
  await expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/newsroom\/stories\/[^/]+$/);
  contributor.actor.guard.allowBlocked = false;
});

test("removing someone from the staff ends their newsroom at once", async () => {
  const page = admin.actor.page;
  // The editor goes too, so the development staff list does not grow with every run.
  for (const person of [contributor, editor]) {
    await page.goto("/newsroom/staff");
    await waitForHydration(page, "account.newsroom-staff");
    await page
      .getByRole("row")
      .filter({ hasText: person.email })
      .getByRole("link", { name: /^Remove/ })
      .click();
    await page.getByRole("button", { name: "Remove from the staff" }).click();
    await expect(page.getByRole("main")).toContainText(
      "They have been removed from the staff. Their newsroom sessions have ended.",
    );
  }

  // The shell asks the API for the person's role on every newsroom page: the very next page is
  // the door's refusal, with no newsroom chrome around it, although their access token still
  // names the old role until it is renewed.
  const gone = contributor.actor.page;
  contributor.actor.guard.allow4xx = true;
  for (const path of ["/newsroom", storyPath]) {
    const refused = await gone.goto(path);
    expect(refused?.status()).toBe(403);
    await expect(gone.getByRole("main")).toContainText(
      "The newsroom is for the publication’s staff",
    );
    await expect(gone.getByRole("link", { name: "New story" })).toHaveCount(0);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the development contributor signs in and creates a story with plain forms", async ({
    page,
  }) => {
    const email = "contributor@dailyedge.test";
    const secret = await devStaffSecret(email);
    await page.goto("/login?next=%2Fnewsroom");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(DEV_STAFF_PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/newsroom\/sign-in\?next=%2Fnewsroom$/);
    await page.getByLabel("Verification code", { exact: true }).fill(await freshTotpCode(secret));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/newsroom$/);

    await page.getByRole("link", { name: "New story" }).first().click();
    await expect(page).toHaveURL(/\/newsroom\/stories\/new$/);
    const headline = `Plain forms still work ${run}`;
    await page.getByLabel("Headline", { exact: true }).fill(headline);
    await page.getByLabel("Standfirst", { exact: true }).fill("Written without JavaScript.");
    await page.getByLabel("Section", { exact: true }).selectOption({ index: 1 });
    const firstCategory = page.getByLabel("Category", { exact: true }).locator("optgroup").first();
    const category = await firstCategory.locator("option").first().getAttribute("value");
    await page.getByLabel("Category", { exact: true }).selectOption(category ?? "");
    await page
      .getByRole("group", { name: "Authors (byline)" })
      .getByRole("checkbox")
      .first()
      .check();
    await page.getByRole("button", { name: "Create story" }).click();
    await expect(page).toHaveURL(/\/newsroom\/stories\/[^/]+$/);
    await expect(page.getByText("Story created.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(headline);
  });
});
