/**
 * Signed-in sessions for `npm run bench` (issue 19), made on the bench's own database the way a
 * person makes them, through the site's API (`/api/auth/...` behind the shell, from the site's
 * own origin):
 *
 * - a **reader**: logs in when the account exists (an earlier run made it), otherwise signs up,
 *   opens the emailed link and confirms it (`/api/auth/verify-email`), which signs in. The
 *   bench runs as production, so the email takes production's path, queue and consumer and
 *   Postmark-style HTTP API, whose address is the bench's own **mailbox** (`startMailbox`).
 * - a **staff member**: the development editor `npm start` also makes (edge-api/scripts/
 *   dev-staff.ts: a known password and a confirmed TOTP secret), password then a TOTP code
 *   from the project's own TOTP module (`otpauth`), which gives the newsroom-verified session.
 *
 * The cookies are the ones the shell sets (`__Host-access`, `__Host-refresh`). Access tokens
 * live 15 minutes; `freshFor` refreshes a session (`/api/auth/refresh`, as the shell would)
 * when a run could outlast it.
 */
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { totpCodeAt, TOTP_PERIOD_SECONDS } from "../edge-api/src/worker/auth/totp.ts";

export interface Session {
  /** Whose session: shown in the masthead (readers) or the newsroom bar (staff). */
  displayName: string;
  /** How it began, for the bench's log. */
  via: "login" | "sign-up";
  accessToken: string;
  refreshToken: string;
}

interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const BENCH_READER = {
  email: "bench-reader@dailyedge.test",
  displayName: "Bench Reader",
  password: "correct horse battery staple 42",
} as const;

/** The Cookie header a browser holding this session sends. */
export function cookieHeader(session: Pick<Session, "accessToken" | "refreshToken">): string {
  return `__Host-access=${session.accessToken}; __Host-refresh=${session.refreshToken}`;
}

/** Seconds until the access token's `exp` (its payload read, not verified: it is our own). */
export function secondsLeft(accessToken: string, nowMs: number): number {
  const payload = accessToken.split(".")[1];
  if (!payload) throw new Error("the access token is not a JWT");
  const { exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
    exp?: number;
  };
  if (typeof exp !== "number") throw new Error("the access token has no exp");
  return exp - Math.floor(nowMs / 1000);
}

/** The token of the first link in an email's text (`…?token=<token>`), or undefined. */
export function linkToken(text: string): string | undefined {
  return /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  /** The email API address (EMAIL_API_URL) and its token (EMAIL_API_TOKEN) for the API Worker. */
  url: string;
  token: string;
  /** The first message to `to` whose subject matches, waiting for it up to `timeoutMs`. */
  next: (to: string, subject: RegExp, timeoutMs?: number) => Promise<Mail>;
  close: () => Promise<void>;
}

/** A local stand-in for Postmark's email API: keeps every message posted to it. */
export async function startMailbox(): Promise<Mailbox> {
  const token = "bench-mailbox";
  const mails: Mail[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.headers["x-postmark-server-token"] !== token) {
        response.writeHead(401).end();
        return;
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          To: string;
          Subject: string;
          TextBody: string;
        };
        mails.push({ to: body.To, subject: body.Subject, text: body.TextBody });
        response.writeHead(200, { "content-type": "application/json" }).end('{"ErrorCode":0}');
      } catch {
        response.writeHead(422, { "content-type": "application/json" }).end('{"ErrorCode":300}');
      }
    });
  });
  await new Promise<void>((resolvePromise) => server.listen(0, "127.0.0.1", resolvePromise));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/email`,
    token,
    async next(to, subject, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = mails.findIndex((mail) => mail.to === to && subject.test(mail.subject));
        if (index >= 0) return mails.splice(index, 1)[0] as Mail;
        if (Date.now() > deadline)
          throw new Error(`no email "${subject.source}" to ${to} within ${timeoutMs} ms`);
        await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
      }
    },
    close: () => new Promise((resolvePromise) => server.close(() => resolvePromise())),
  };
}

/** A JSON POST to the site's API from the site's own pages (the shell refuses other origins). */
async function post(
  site: string,
  path: string,
  body: unknown,
  accessToken?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${site}${path}`, {
    method: "POST",
    headers: {
      origin: site,
      "content-type": "application/json",
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

function tokensOf(
  path: string,
  answer: { status: number; json: Record<string, unknown> },
): TokenPair {
  const tokens = answer.json.tokens as TokenPair | undefined;
  if (answer.status >= 300 || !tokens?.accessToken || !tokens.refreshToken) {
    throw new Error(
      `${path} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`,
    );
  }
  return tokens;
}

/** The bench reader signed in: logged in, or signed up through the emailed link the first time. */
export async function readerSession(site: string, mailbox: Mailbox): Promise<Session> {
  const { email, displayName, password } = BENCH_READER;
  const login = await post(site, "/api/auth/login", { email, password });
  if (login.status === 200)
    return { displayName, via: "login", ...tokensOf("/api/auth/login", login) };
  if (login.status !== 401) tokensOf("/api/auth/login", login);
  const signUp = await post(site, "/api/auth/sign-up", { email, displayName, password });
  if (signUp.status !== 202) throw new Error(`/api/auth/sign-up answered ${signUp.status}`);
  const mail = await mailbox.next(email, /^Finish signing up/);
  const token = linkToken(mail.text);
  if (!token) throw new Error("the sign-up email has no link with a token");
  const verified = await post(site, "/api/auth/verify-email", { token });
  return { displayName, via: "sign-up", ...tokensOf("/api/auth/verify-email", verified) };
}

/**
 * The session renewed when its access token would expire within `seconds` (a run's length plus
 * a margin), as the shell renews it; otherwise the same session.
 */
export async function freshFor(site: string, session: Session, seconds: number): Promise<Session> {
  if (secondsLeft(session.accessToken, Date.now()) > seconds) return session;
  const answer = await post(site, "/api/auth/refresh", { refreshToken: session.refreshToken });
  return { ...session, ...tokensOf("/api/auth/refresh", answer) };
}

export interface StaffLogin {
  email: string;
  role: string;
  secret: string;
}

/**
 * Makes the development staff in the database under `stateDir` when they are missing (as
 * `npm start` does) and answers their logins. Run before that database's Miniflare starts:
 * it writes with `wrangler d1 execute`, in a child process so the state folder is its own.
 */
export function seedBenchStaff(repoRoot: string, stateDir: string): StaffLogin[] {
  const script = join(repoRoot, "scripts", "bench-dev-staff.ts");
  const result = spawnSync(process.execPath, ["--disable-warning=ExperimentalWarning", script], {
    cwd: repoRoot,
    env: { ...process.env, EDGE_STATE_DIR: stateDir },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`bench-dev-staff.ts failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as StaffLogin[];
}

/** A member of staff signed in with password and TOTP code: a newsroom-verified session. */
export async function staffSession(site: string, login: StaffLogin): Promise<Session> {
  const { DEV_STAFF, DEV_STAFF_PASSWORD } = await import("../edge-api/scripts/dev-staff.ts");
  const displayName = DEV_STAFF.find((member) => member.email === login.email)?.displayName;
  if (!displayName) throw new Error(`${login.email} is not development staff`);
  const first = tokensOf(
    "/api/auth/login",
    await post(site, "/api/auth/login", { email: login.email, password: DEV_STAFF_PASSWORD }),
  );
  const path = "/api/newsroom/second-factor/verify";
  let answer = await post(
    site,
    path,
    { code: totpCodeAt(login.secret, new Date()) },
    first.accessToken,
  );
  if (answer.status === 400) {
    // Each code's step is taken once (replay protection): an earlier run of this minute used
    // it, so wait for the next step's code as a person would.
    const wait = TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000)) + 500;
    await new Promise((resolvePromise) => setTimeout(resolvePromise, wait));
    answer = await post(
      site,
      path,
      { code: totpCodeAt(login.secret, new Date()) },
      first.accessToken,
    );
  }
  return { displayName, via: "login", ...tokensOf(path, answer) };
}
