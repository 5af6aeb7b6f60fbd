import { Hono } from "hono";
import { z } from "zod";
import {
  deleteUserAndData,
  findUserByEmail,
  findUserById,
  updateUser,
} from "../../db/account-queries.ts";
import { findVisibleArticleBySlug } from "../../db/article-queries.ts";
import {
  findArticleIdBySlug,
  findSavedState,
  MAX_SAVED_LISTED,
  saveArticle,
  unsaveArticle,
} from "../../db/saved-article-queries.ts";
import {
  listLiveSessions,
  revokeSessionOfUser,
  revokeSessionsOfUser,
} from "../../db/session-queries.ts";
import type { UserRow } from "../../db/account-schema.ts";
import { toAccountView, toSessionView } from "../../domain/account-shaping.ts";
import { newsroomStanding } from "../../db/staff-queries.ts";
import { exportAccount } from "../account-export.ts";
import { savedArticleCards } from "../saved-articles.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  ProfileBodySchema,
} from "../../contract/account-contract.ts";
import { clientDevice } from "../auth/client-info.ts";
import { checkCurrentPassword, requireAcceptablePassword } from "../auth/credentials.ts";
import { issueEmailLink } from "../auth/email-links.ts";
import { hashPassword } from "../auth/password-hashing.ts";
import { requireAccount } from "../auth/require-account.ts";
import { startSession } from "../auth/sessions.ts";
import {
  accountDeletedMessage,
  addresseeName,
  confirmNewEmailMessage,
  emailChangeNoticeMessage,
  emailInUseMessage,
  passwordChangedMessage,
} from "../mail/account-emails.ts";
import { deliverEmail } from "../mail/deliver-email.ts";
import { slugSchema, validate } from "../request-validation.ts";

const sessionParam = z.strictObject({ id: z.uuid() });
const slugParam = z.strictObject({ slug: slugSchema });

/** The signed-in account holder's own account; every route needs a live access token. */
export const accountRoutes = new Hono<AppEnv>()
  .use("*", requireAccount)
  .get("/", async (c) => {
    const user = await viewerRow(c.var);
    return c.json({ account: toAccountView(user) }, 200);
  })
  .patch("/", validate("json", ProfileBodySchema), async (c) => {
    const { db, viewer } = c.var;
    const user = await updateUser(db, viewer.accountId, c.req.valid("json"));
    if (!user) throw new ApiError("unauthorized");
    return c.json({ account: toAccountView(user) }, 200);
  })
  .post("/email", validate("json", ChangeEmailBodySchema), async (c) => {
    const { newEmail, currentPassword } = c.req.valid("json");
    const { db, config, now } = c.var;
    const user = await checkCurrentPassword(c, await viewerRow(c.var), currentPassword);
    if (newEmail !== user.email) {
      if (await findUserByEmail(db, newEmail)) {
        // Whose the address is stays private; its owner hears about the attempt.
        await deliverEmail(c, emailInUseMessage(config.site, newEmail));
      } else {
        const link = await issueEmailLink(
          db,
          config.PUBLIC_ORIGIN,
          "change-email",
          user.id,
          now,
          newEmail,
        );
        await deliverEmail(c, confirmNewEmailMessage(config.site, newEmail, link));
        await deliverEmail(
          c,
          emailChangeNoticeMessage(config.site, user.email, addresseeName(user), newEmail),
        );
      }
    }
    return c.json({ status: "check-email" as const }, 202);
  })
  .post("/password", validate("json", ChangePasswordBodySchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const { db, config, now, viewer } = c.var;
    const user = await checkCurrentPassword(c, await viewerRow(c.var), currentPassword);
    await requireAcceptablePassword(c, newPassword, user);
    const passwordHash = await hashPassword(newPassword, config.passwordHashCost);
    const current = (await listLiveSessions(db, user.id, now)).find(
      (row) => row.familyId === viewer.sessionId,
    );
    await updateUser(db, user.id, { passwordHash });
    // Every session ends, this one included; this browser continues with a fresh pair
    // (a new session id), so no token from before the change works any more.
    await revokeSessionsOfUser(db, user.id, now);
    const tokens = await startSession(db, config, user, current?.device ?? clientDevice(c), now);
    await deliverEmail(
      c,
      passwordChangedMessage(config.site, user.email, addresseeName(user), "changed"),
    );
    return c.json({ tokens }, 200);
  })
  .get("/sessions", async (c) => {
    const { db, now, viewer } = c.var;
    const rows = await listLiveSessions(db, viewer.accountId, now);
    return c.json({ sessions: rows.map((row) => toSessionView(row, viewer.sessionId)) }, 200);
  })
  .post("/sessions/end-all", async (c) => {
    const { db, now, viewer } = c.var;
    await revokeSessionsOfUser(db, viewer.accountId, now);
    return c.body(null, 204);
  })
  .delete("/sessions/:id", validate("param", sessionParam), async (c) => {
    const { db, now, viewer } = c.var;
    const ended = await revokeSessionOfUser(db, viewer.accountId, c.req.valid("param").id, now);
    if (!ended) throw notFound("Session");
    return c.body(null, 204);
  })
  .get("/saved", async (c) => {
    const { db, now, viewer } = c.var;
    const saved = await savedArticleCards(db, viewer.accountId, now, MAX_SAVED_LISTED);
    return c.json({ articles: saved.map(({ article }) => article) }, 200);
  })
  .get("/saved/:slug", validate("param", slugParam), async (c) => {
    const { db, now, viewer } = c.var;
    const saved = await findSavedState(db, viewer.accountId, c.req.valid("param").slug, now);
    if (saved === undefined) throw notFound("Article");
    return c.json({ saved }, 200);
  })
  .get("/export", async (c) => {
    const answer = await exportAccount(c);
    // Said here too, not only by privateResponses: this is the account's whole record.
    c.header("cache-control", "no-store");
    return c.json(answer, 200);
  })
  .put("/saved/:slug", validate("param", slugParam), async (c) => {
    const { db, now, viewer } = c.var;
    const article = await findVisibleArticleBySlug(db, c.req.valid("param").slug, now);
    if (!article) throw notFound("Article");
    await saveArticle(db, viewer.accountId, article.id, now);
    return c.body(null, 204);
  })
  .delete("/saved/:slug", validate("param", slugParam), async (c) => {
    const { db, viewer } = c.var;
    const articleId = await findArticleIdBySlug(db, c.req.valid("param").slug);
    if (articleId === undefined) throw notFound("Article");
    await unsaveArticle(db, viewer.accountId, articleId);
    return c.body(null, 204);
  })
  .post("/delete", validate("json", DeleteAccountBodySchema), async (c) => {
    const { db, config } = c.var;
    const user = await checkCurrentPassword(
      c,
      await viewerRow(c.var),
      c.req.valid("json").password,
    );
    // Leaving the staff goes through an admin (audited, the last admin kept): deleting the
    // account would cascade its staff role away with neither.
    const standing = await newsroomStanding(db, user.id, c.var.viewer.sessionId, c.var.now);
    if (standing.role !== "reader") throw new ApiError("staff_member");
    await deleteUserAndData(db, user.id);
    await deliverEmail(c, accountDeletedMessage(config.site, user.email, addresseeName(user)));
    return c.body(null, 204);
  });

async function viewerRow(vars: AppEnv["Variables"]): Promise<UserRow> {
  const user = await findUserById(vars.db, vars.viewer.accountId);
  if (!user) throw new ApiError("unauthorized");
  return user;
}
