import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { findOutboxMessage, listOutboxMessages } from "../../db/outbox-queries.ts";
import type { OutboxRow } from "../../db/account-schema.ts";
import { normalizeEmail } from "../../domain/email-address.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { escapeHtml } from "../mail/account-emails.ts";
import { validate } from "../request-validation.ts";

/** Everything here exists only when ENVIRONMENT is "development"; elsewhere it is a 404. */
const developmentOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.config.ENVIRONMENT !== "development") throw notFound("Page");
  await next();
  c.res.headers.set("cache-control", "no-store");
});

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}td{padding:.25rem .75rem .25rem 0}</style>
</head><body><p><strong>Development outbox</strong>: nothing here is sent.</p>${body}</body></html>`;
}

/** Escapes the text, then makes its http(s) addresses clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function listPage(messages: OutboxRow[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${escapeHtml(message.to)}</td><td><a href="/_dev/outbox/${message.id}">${escapeHtml(message.subject)}</a></td></tr>`,
    )
    .join("\n");
  const table = rows ? `<table>${rows}</table>` : "<p>The outbox is empty.</p>";
  return page("Outbox", `<h1>Outbox</h1>${table}`);
}

function messagePage(message: OutboxRow): string {
  return page(
    message.subject,
    `<p><a href="/_dev/outbox">All messages</a></p><h1>${escapeHtml(message.subject)}</h1>
<p>To ${escapeHtml(message.to)}, ${escapeHtml(message.createdAt.toISOString())}</p>
<pre>${linkify(message.text)}</pre>`,
  );
}

const idParam = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,15}$/) });

/** /_dev/outbox pages for people (the shell forwards /_dev/* in development). */
export const devPageRoutes = new Hono<AppEnv>()
  .use("*", developmentOnly)
  .get("/outbox", async (c) => {
    const messages = await listOutboxMessages(c.var.db);
    return c.body(listPage(messages), 200, PAGE_HEADERS);
  })
  .get("/outbox/:id", validate("param", idParam), async (c) => {
    const message = await findOutboxMessage(c.var.db, Number(c.req.valid("param").id));
    if (!message) throw notFound("Message");
    return c.body(messagePage(message), 200, PAGE_HEADERS);
  });

const outboxQuery = z.strictObject({ to: z.string().max(320).optional() });

/** The same outbox as JSON, for tests: newest first. */
export const devApiRoutes = new Hono<AppEnv>()
  .use("*", developmentOnly)
  .get("/outbox", validate("query", outboxQuery), async (c) => {
    const { to } = c.req.valid("query");
    const rows = await listOutboxMessages(
      c.var.db,
      to === undefined ? undefined : normalizeEmail(to),
    );
    const messages = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return c.json({ messages }, 200);
  });
